//! Running job lines: each job's count is its multiplicity × perft of its position at its
//! depth left, written as `ID COUNT` and flushed at once, so a job runner (GNU parallel,
//! a Slurm array task, a Kubernetes Indexed Job pod) loses at most the jobs under way.
//!
//! Counts are u128: the sum over a job's root moves is taken in 128 bits, each move's
//! subtree is counted by the engine's u64 perft (a single subtree would have to pass
//! 2^64 ≈ 1.8e19 leaves, centuries of counting at the measured speed of one thread).

use std::fmt;
use std::io::{BufRead, Write};

use engine::{Position, Rules};

use crate::hash::PerftHash;
use crate::jobline::{is_comment, parse_job, Job, LineError};
use crate::shard::Shard;
use crate::suite::BuildError;

/// Why running jobs stopped.
#[derive(Debug)]
pub enum JobError {
    /// A line is not a job line.
    Line {
        /// Where: `FILE:LINE`.
        place: String,
        /// What is wrong.
        error: LineError,
    },
    /// A job's position cannot be built.
    Position {
        /// Where: `FILE:LINE`.
        place: String,
        /// What the engine said.
        error: BuildError,
    },
    /// multiplicity × count passes u128.
    Overflow {
        /// The job.
        id: String,
    },
    /// Reading or writing failed.
    Io(std::io::Error),
    /// The worker threads could not be started.
    Threads(String),
}

impl fmt::Display for JobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobError::Line { place, error } => write!(f, "{place}: {error}"),
            JobError::Position { place, error } => write!(f, "{place}: {error}"),
            JobError::Overflow { id } => write!(f, "job {id}: the count passes 2^128"),
            JobError::Io(e) => write!(f, "{e}"),
            JobError::Threads(e) => write!(f, "cannot start the worker threads: {e}"),
        }
    }
}

impl std::error::Error for JobError {}

impl From<std::io::Error> for JobError {
    fn from(e: std::io::Error) -> JobError {
        JobError::Io(e)
    }
}

/// Counts jobs with a number of threads and an optional hash table.
pub struct JobRunner {
    pool: Option<rayon::ThreadPool>,
    hash_mib: usize,
    /// The table and the rules it was filled under: the engine's key does not hold the
    /// rule set, so jobs under other rules get a fresh table.
    hash: Option<(Rules, PerftHash)>,
}

impl JobRunner {
    /// A runner on `threads` threads (1: the calling thread) with a hash table of
    /// `hash_mib` MiB (0: none), shared by the jobs it runs.
    pub fn new(threads: usize, hash_mib: usize) -> Result<JobRunner, JobError> {
        let pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| JobError::Threads(e.to_string()))?;
            Some(pool)
        } else {
            None
        };
        Ok(JobRunner {
            pool,
            hash_mib,
            hash: None,
        })
    }

    /// Makes sure the table (if any) was filled under `rules`.
    fn prepare_table(&mut self, rules: Rules) {
        if self.hash_mib > 0 && self.hash.as_ref().is_none_or(|(r, _)| *r != rules) {
            self.hash = Some((rules, PerftHash::new(self.hash_mib)));
        }
    }

    /// perft(`pos`, `depth`) with the sum over the root moves in 128 bits.
    pub fn perft(&mut self, pos: &Position, depth: u32) -> u128 {
        if depth <= 1 {
            return u128::from(crate::perft(pos, depth));
        }
        self.prepare_table(*pos.rules());
        let hash = self.hash.as_ref().map(|(_, t)| t);
        let divided = match &self.pool {
            Some(pool) => pool.install(|| crate::divide_parallel(pos, depth, hash)),
            None => pos
                .legal_moves()
                .iter()
                .map(|mv| (*mv, crate::perft_with(&pos.played(*mv), depth - 1, hash)))
                .collect(),
        };
        divided.iter().map(|(_, n)| u128::from(*n)).sum()
    }

    /// A job's count: multiplicity × perft.
    pub fn count(&mut self, job: &Job, pos: &Position) -> Result<u128, JobError> {
        job.multiplicity
            .checked_mul(self.perft(pos, job.depth))
            .ok_or_else(|| JobError::Overflow { id: job.id.clone() })
    }

    /// Runs the job lines of `input` (named `name` in messages) that fall in `shard`,
    /// writing `ID COUNT` per job to `out`, flushed line by line. Every line is read and
    /// checked, in the shard or not. Returns how many jobs were run.
    pub fn run(
        &mut self,
        input: impl BufRead,
        name: &str,
        shard: Option<Shard>,
        mut out: impl Write,
    ) -> Result<usize, JobError> {
        let (mut seen, mut ran) = (0u64, 0usize);
        for (i, line) in input.lines().enumerate() {
            let line = line?;
            if is_comment(&line) {
                continue;
            }
            let place = format!("{name}:{}", i + 1);
            let job = parse_job(&line)
                .map_err(|error| JobError::Line {
                    place: place.clone(),
                    error,
                })?
                .expect("not a comment");
            let mine = shard.is_none_or(|s| seen % s.count == s.index);
            seen += 1;
            if !mine {
                continue;
            }
            let pos = job
                .position()
                .map_err(|error| JobError::Position { place, error })?;
            let count = self.count(&job, &pos)?;
            writeln!(out, "{} {count}", job.id)?;
            out.flush()?;
            ran += 1;
        }
        Ok(ran)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::RuleSet;

    const JOBS: &str = "# perft split ;jobs 3
0 rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1 ;mult 1 ;depth 2 ;rules american-1897
1 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ;mult 2 ;depth 2 ;rules american-1897

2 rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq - 1 1 ;mult 3 ;depth 0 ;rules fide
";

    fn run(shard: Option<Shard>, threads: usize, hash: usize) -> String {
        let mut out = Vec::new();
        let ran = JobRunner::new(threads, hash)
            .unwrap()
            .run(JOBS.as_bytes(), "jobs", shard, &mut out)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(ran, text.lines().count());
        text
    }

    #[test]
    fn each_job_prints_its_id_and_multiplicity_times_perft() {
        // Black's 20 replies, then White's 20 or 29-30 answers: perft 2 after 1.Nf3 is 440,
        // after 1.e4 is 600.
        assert_eq!(run(None, 1, 0), "0 440\n1 1200\n2 3\n");
        assert_eq!(run(None, 2, 1), "0 440\n1 1200\n2 3\n");
    }

    #[test]
    fn a_shard_takes_every_nth_job_line_from_its_index() {
        let shard = |index| Some(Shard { index, count: 2 });
        assert_eq!(run(shard(0), 1, 0), "0 440\n2 3\n");
        assert_eq!(run(shard(1), 1, 0), "1 1200\n");
    }

    #[test]
    fn a_malformed_line_is_named_by_file_and_line() {
        let text = "# c\n0 8/8/8/8/8/8/8/K6k w - - 0 1 ;mult 1 ;rules fide\n";
        let err = JobRunner::new(1, 0)
            .unwrap()
            .run(text.as_bytes(), "jobs.txt", None, std::io::sink())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "jobs.txt:2: the ;depth field is missing",
            "{err:?}"
        );
        let text = "0 8/8/8/8/8/8/8/K7 w - - 0 1 ;mult 1 ;depth 1 ;rules fide\n";
        let err = JobRunner::new(1, 0)
            .unwrap()
            .run(text.as_bytes(), "jobs.txt", None, std::io::sink())
            .unwrap_err();
        assert!(err.to_string().starts_with("jobs.txt:1: "), "{err}");
    }

    #[test]
    fn sums_pass_64_bits() {
        let job = parse_job(&format!(
            "9 {} ;mult {} ;depth 1 ;rules {}",
            engine::fen::STARTING_FEN,
            u128::from(u64::MAX),
            RuleSet::American1897
        ))
        .unwrap()
        .unwrap();
        let pos = job.position().unwrap();
        let count = JobRunner::new(1, 0).unwrap().count(&job, &pos).unwrap();
        assert_eq!(count, u128::from(u64::MAX) * 20);
        let huge = Job {
            multiplicity: u128::MAX,
            ..job
        };
        assert!(matches!(
            JobRunner::new(1, 0).unwrap().count(&huge, &pos),
            Err(JobError::Overflow { .. })
        ));
    }
}
