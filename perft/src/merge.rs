//! Merging the results of a divided perft: every job of the job file counted exactly
//! once, the total in 128 bits, and the jobs still missing by id.
//!
//! A job reported twice with the same count (a job rerun after a lost result) is counted
//! once; with different counts it is an error, as is a result for a job the job file
//! does not have.

use std::collections::HashMap;
use std::fmt;

use crate::jobline::{header_job_count, is_comment, parse_job, parse_result, LineError};

/// A line of a file, for messages: `FILE:LINE`.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Place {
    /// The file's name.
    pub file: String,
    /// 1-based line number.
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Why results cannot be merged.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum MergeError {
    /// A line that is not a job line, or not a result line.
    Malformed {
        /// Where.
        place: Place,
        /// What is wrong.
        error: LineError,
    },
    /// The job file names a job twice.
    RepeatedJob {
        /// The job.
        id: String,
        /// Its first line.
        first: Place,
        /// Its second line.
        second: Place,
    },
    /// The job file's header promises another number of jobs (a truncated file).
    JobCount {
        /// The job file.
        file: String,
        /// The header's count.
        header: usize,
        /// The job lines found.
        found: usize,
    },
    /// A result for a job the job file does not have.
    UnknownJob {
        /// The id.
        id: String,
        /// Where.
        place: Place,
    },
    /// The same job reported with two different counts.
    Conflict {
        /// The job.
        id: String,
        /// The first count and where it was read.
        first: (u128, Place),
        /// The other count and where.
        second: (u128, Place),
    },
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Malformed { place, error } => write!(f, "{place}: {error}"),
            MergeError::RepeatedJob { id, first, second } => {
                write!(f, "{second}: job {id} is already defined at {first}")
            }
            MergeError::JobCount {
                file,
                header,
                found,
            } => write!(
                f,
                "{file}: the header says {header} jobs, the file has {found} (truncated?)"
            ),
            MergeError::UnknownJob { id, place } => {
                write!(f, "{place}: job {id} is not in the job file")
            }
            MergeError::Conflict { id, first, second } => write!(
                f,
                "job {id} has two different counts: {} ({}) and {} ({})",
                first.0, first.1, second.0, second.1
            ),
        }
    }
}

impl std::error::Error for MergeError {}

/// The jobs of a job file, in file order.
#[derive(Clone, Debug, Default)]
pub struct JobBook {
    /// Each job's id and line text.
    jobs: Vec<(String, String)>,
    /// Where each id stands in `jobs`, and its line.
    index: HashMap<String, (usize, Place)>,
}

impl JobBook {
    /// Reads a job file's text (`file` names it in messages); every job line is checked.
    pub fn read(text: &str, file: &str) -> Result<JobBook, MergeError> {
        let mut book = JobBook::default();
        let mut header = None;
        for (i, line) in text.lines().enumerate() {
            let place = Place {
                file: file.to_string(),
                line: i + 1,
            };
            if is_comment(line) {
                header = header.or(header_job_count(line));
                continue;
            }
            let job = parse_job(line)
                .map_err(|error| MergeError::Malformed {
                    place: place.clone(),
                    error,
                })?
                .expect("not a comment");
            if let Some((_, first)) = book.index.get(&job.id) {
                return Err(MergeError::RepeatedJob {
                    id: job.id,
                    first: first.clone(),
                    second: place,
                });
            }
            book.index
                .insert(job.id.clone(), (book.jobs.len(), place.clone()));
            book.jobs.push((job.id, line.to_string()));
        }
        match header {
            Some(n) if n != book.jobs.len() => Err(MergeError::JobCount {
                file: file.to_string(),
                header: n,
                found: book.jobs.len(),
            }),
            _ => Ok(book),
        }
    }

    /// How many jobs.
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }
}

/// The counts read so far, each with where it was first read.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    counts: HashMap<String, (u128, Place)>,
}

/// What the results add up to.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Merged<'a> {
    /// The sum of the counts read (the perft count when nothing is missing).
    pub total: u128,
    /// The jobs counted.
    pub counted: usize,
    /// The ids of the jobs with no result, in job-file order.
    pub missing: Vec<&'a str>,
    /// Their job lines, as in the job file.
    pub missing_lines: Vec<&'a str>,
}

impl Tally {
    /// Adds a results file's text (`file` names it in messages).
    pub fn add(&mut self, book: &JobBook, text: &str, file: &str) -> Result<(), MergeError> {
        for (i, line) in text.lines().enumerate() {
            let place = Place {
                file: file.to_string(),
                line: i + 1,
            };
            let Some((id, count)) = parse_result(line).map_err(|error| MergeError::Malformed {
                place: place.clone(),
                error,
            })?
            else {
                continue;
            };
            if !book.index.contains_key(&id) {
                return Err(MergeError::UnknownJob { id, place });
            }
            match self.counts.get(&id) {
                Some((first, _)) if *first == count => {}
                Some((first, first_place)) => {
                    return Err(MergeError::Conflict {
                        first: (*first, first_place.clone()),
                        second: (count, place),
                        id,
                    })
                }
                None => {
                    self.counts.insert(id, (count, place));
                }
            }
        }
        Ok(())
    }

    /// The total, and the jobs still missing.
    pub fn merged<'a>(&self, book: &'a JobBook) -> Merged<'a> {
        let (mut missing, mut missing_lines) = (Vec::new(), Vec::new());
        let mut total = 0u128;
        for (id, line) in &book.jobs {
            if let Some((count, _)) = self.counts.get(id) {
                total += count;
            } else {
                missing.push(id.as_str());
                missing_lines.push(line.as_str());
            }
        }
        Merged {
            total,
            counted: book.jobs.len() - missing.len(),
            missing,
            missing_lines,
        }
    }
}

impl Merged<'_> {
    /// `missing 3 jobs: 17 42 99`, or `None` when every job is counted.
    pub fn missing_message(&self) -> Option<String> {
        if self.missing.is_empty() {
            return None;
        }
        let n = self.missing.len();
        Some(format!(
            "missing {n} job{}: {}",
            if n == 1 { "" } else { "s" },
            self.missing.join(" ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const JOBS: &str = "# perft split ;depth 3 ;jobs 3
0 rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1 ;mult 1 ;depth 2 ;rules american-1897
1 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ;mult 2 ;depth 2 ;rules american-1897
2 rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq - 1 1 ;mult 1 ;depth 2 ;rules american-1897
";

    fn book() -> JobBook {
        JobBook::read(JOBS, "jobs").unwrap()
    }

    #[test]
    fn every_job_once_gives_the_total() {
        let book = book();
        let mut tally = Tally::default();
        tally.add(&book, "2 400\n0 440\n", "a").unwrap();
        tally.add(&book, "# rerun\n1 1200\n0 440\n", "b").unwrap();
        let merged = tally.merged(&book);
        assert_eq!(merged.total, 2040);
        assert_eq!(merged.counted, 3);
        assert_eq!(merged.missing_message(), None);
    }

    #[test]
    fn missing_jobs_are_named_and_their_lines_given() {
        let book = book();
        let mut tally = Tally::default();
        tally.add(&book, "1 1200\n", "a").unwrap();
        let merged = tally.merged(&book);
        assert_eq!(merged.missing, ["0", "2"]);
        assert_eq!(
            merged.missing_message().as_deref(),
            Some("missing 2 jobs: 0 2")
        );
        assert_eq!(merged.missing_lines.len(), 2);
        assert!(merged.missing_lines[1].starts_with("2 rnbqkbnr/"));
        assert_eq!(merged.counted, 1);
    }

    #[test]
    fn two_counts_for_one_job_are_an_error_naming_both() {
        let book = book();
        let mut tally = Tally::default();
        tally.add(&book, "0 440\n", "a").unwrap();
        let err = tally.add(&book, "\n0 441\n", "b").unwrap_err();
        assert_eq!(
            err.to_string(),
            "job 0 has two different counts: 440 (a:1) and 441 (b:2)"
        );
    }

    #[test]
    fn a_result_for_no_job_and_a_malformed_line_name_file_and_line() {
        let book = book();
        let err = Tally::default()
            .add(&book, "0 440\n7 1\n", "r")
            .unwrap_err();
        assert_eq!(err.to_string(), "r:2: job 7 is not in the job file");
        let err = Tally::default().add(&book, "0 440 x\n", "r").unwrap_err();
        assert!(
            err.to_string().starts_with("r:1: expected 'ID COUNT'"),
            "{err}"
        );
        let err = JobBook::read(&JOBS.replace(";mult 2", ";mult two"), "j").unwrap_err();
        assert!(
            err.to_string().starts_with("j:3: the multiplicity"),
            "{err}"
        );
    }

    #[test]
    fn a_repeated_or_truncated_job_file_is_refused() {
        let twice = format!("{JOBS}{}\n", JOBS.lines().nth(1).unwrap());
        let err = JobBook::read(&twice.replace(";jobs 3", ";jobs 4"), "j").unwrap_err();
        assert_eq!(err.to_string(), "j:5: job 0 is already defined at j:2");
        let short = JOBS.lines().take(3).collect::<Vec<_>>().join("\n");
        let err = JobBook::read(&short, "j").unwrap_err();
        assert_eq!(
            err,
            MergeError::JobCount {
                file: "j".into(),
                header: 3,
                found: 2
            }
        );
    }
}
