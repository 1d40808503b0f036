//! The text lines of a divided perft: job lines (`perft split` writes them, `perft job`
//! reads them), result lines (`perft job` writes them, `perft merge` reads them), and the
//! header comment of a job file.
//!
//! A job line is its id, whitespace, then the job in the style of the EPD suites:
//!
//! ```text
//! 17 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 ;mult 1 ;depth 5 ;rules american-1897
//! ```
//!
//! `FEN` is the position at the split depth (castling letters as the engine writes them:
//! X-FEN with `;chess960`), `mult` how many move paths from the root reach it, `depth` the
//! plies still to count, `rules` the rule set. A result line is `ID COUNT`. Lines that
//! are blank or start with `#` are comments in both. Counts and multiplicities are u128.

use std::fmt;

use engine::{Odds, Position, RuleSet, Rules};

use crate::suite::{build_position, BuildError};

/// One job: count `depth` plies below `fen`, times `multiplicity`.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Job {
    /// The job's name (split writes 0, 1, 2, …); no whitespace, `;` or leading `#`.
    pub id: String,
    /// The position, as a FEN the engine reads back to the same legal moves.
    pub fen: String,
    /// How many move paths from the root reach the position.
    pub multiplicity: u128,
    /// Plies left to count.
    pub depth: u32,
    /// The rule set in force.
    pub rule_set: RuleSet,
    /// Chess960 castling letters.
    pub chess960: bool,
}

impl Job {
    /// The engine's rules for this job.
    pub fn rules(&self) -> Rules {
        Rules::new(self.rule_set).with_chess960(self.chess960)
    }

    /// The position to count from.
    pub fn position(&self) -> Result<Position, BuildError> {
        build_position(&self.fen, self.rules(), Odds::None)
    }
}

impl fmt::Display for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} ;mult {} ;depth {} ;rules {}",
            self.id, self.fen, self.multiplicity, self.depth, self.rule_set
        )?;
        if self.chess960 {
            write!(f, " ;chess960")?;
        }
        Ok(())
    }
}

/// Why a job or result line cannot be read.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum LineError {
    /// The id is missing or contains `;`.
    BadId(String),
    /// A required field is absent.
    MissingField(&'static str),
    /// A field is given twice.
    RepeatedField(String),
    /// A field the format does not have.
    UnknownField(String),
    /// A number that is not one.
    BadNumber {
        /// Which field.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// The rule set is not known.
    UnknownRules(String),
    /// A result line is not `ID COUNT`.
    NotIdAndCount(String),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::BadId(id) => write!(f, "bad job id '{id}'"),
            LineError::MissingField(name) => write!(f, "the ;{name} field is missing"),
            LineError::RepeatedField(name) => write!(f, "the ;{name} field is given twice"),
            LineError::UnknownField(name) => write!(
                f,
                "unknown field ';{name}' (expected mult, depth, rules or chess960)"
            ),
            LineError::BadNumber { field, text } => {
                write!(f, "the {field} '{text}' is not a whole number")
            }
            LineError::UnknownRules(e) => write!(f, "{e}"),
            LineError::NotIdAndCount(text) => {
                write!(f, "expected 'ID COUNT', found '{text}'")
            }
        }
    }
}

impl std::error::Error for LineError {}

/// Whether a line is blank or a `#` comment.
pub fn is_comment(text: &str) -> bool {
    let text = text.trim();
    text.is_empty() || text.starts_with('#')
}

fn number<T: std::str::FromStr>(field: &'static str, text: &str) -> Result<T, LineError> {
    text.parse().map_err(|_| LineError::BadNumber {
        field,
        text: text.to_string(),
    })
}

fn set_once<T>(slot: &mut Option<T>, name: &str, value: T) -> Result<(), LineError> {
    if slot.replace(value).is_some() {
        return Err(LineError::RepeatedField(name.to_string()));
    }
    Ok(())
}

/// Reads a job line; `Ok(None)` for comments. The FEN is not checked here (see
/// [`Job::position`]).
pub fn parse_job(text: &str) -> Result<Option<Job>, LineError> {
    if is_comment(text) {
        return Ok(None);
    }
    let text = text.trim();
    let (id, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    if id.contains(';') {
        return Err(LineError::BadId(id.to_string()));
    }
    let mut fields = rest.split(';');
    let fen = fields.next().unwrap_or_default().trim();
    if fen.is_empty() {
        return Err(LineError::MissingField("FEN"));
    }
    let (mut mult, mut depth, mut rules) = (None, None, None);
    let mut chess960 = false;
    for field in fields {
        let field = field.trim();
        let (name, value) = field.split_once(char::is_whitespace).unwrap_or((field, ""));
        let value = value.trim();
        match name {
            "mult" => set_once(&mut mult, name, number("multiplicity", value)?)?,
            "depth" => set_once(&mut depth, name, number("depth", value)?)?,
            "rules" => {
                let set: RuleSet = value
                    .parse()
                    .map_err(|e| LineError::UnknownRules(format!("{e}")))?;
                set_once(&mut rules, name, set)?;
            }
            "chess960" if value.is_empty() => chess960 = true,
            _ => return Err(LineError::UnknownField(field.to_string())),
        }
    }
    Ok(Some(Job {
        id: id.to_string(),
        fen: fen.to_string(),
        multiplicity: mult.ok_or(LineError::MissingField("mult"))?,
        depth: depth.ok_or(LineError::MissingField("depth"))?,
        rule_set: rules.ok_or(LineError::MissingField("rules"))?,
        chess960,
    }))
}

/// Reads a result line `ID COUNT`; `Ok(None)` for comments.
pub fn parse_result(text: &str) -> Result<Option<(String, u128)>, LineError> {
    if is_comment(text) {
        return Ok(None);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let [id, count] = words[..] else {
        return Err(LineError::NotIdAndCount(text.trim().to_string()));
    };
    Ok(Some((id.to_string(), number("count", count)?)))
}

/// The header comment `perft split` writes first: what was divided, and how many jobs.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SplitHeader {
    /// The root position's FEN.
    pub root: String,
    /// The rule set.
    pub rule_set: RuleSet,
    /// The odds whose start the root is.
    pub odds: Odds,
    /// Chess960 castling letters.
    pub chess960: bool,
    /// The depth of the whole count.
    pub depth: u32,
    /// The split depth asked for.
    pub split_depth: u32,
    /// The ply the jobs stand at (the split depth, or the end of a first turn of several
    /// moves that it falls inside).
    pub cut: u32,
    /// How many job lines follow.
    pub jobs: usize,
    /// How many move paths reach the jobs (the sum of the multiplicities).
    pub paths: u128,
}

const HEADER_TAG: &str = "# perft split";

impl fmt::Display for SplitHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{HEADER_TAG} ;root {} ;rules {} ;odds {}{} ;depth {} ;split {} ;cut {} ;jobs {} ;paths {}",
            self.root,
            self.rule_set,
            self.odds,
            if self.chess960 { " ;chess960" } else { "" },
            self.depth,
            self.split_depth,
            self.cut,
            self.jobs,
            self.paths
        )
    }
}

/// The job count a header line records, if the line is a split header.
pub fn header_job_count(text: &str) -> Option<usize> {
    let rest = text.trim().strip_prefix(HEADER_TAG)?;
    rest.split(';').find_map(|field| {
        let (name, value) = field.trim().split_once(char::is_whitespace)?;
        (name == "jobs").then(|| value.trim().parse().ok())?
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "17 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 ;mult 3 ;depth 5 ;rules american-1897";

    #[test]
    fn a_job_line_round_trips() {
        let job = parse_job(LINE).unwrap().unwrap();
        assert_eq!(job.id, "17");
        assert_eq!(job.multiplicity, 3);
        assert_eq!(job.depth, 5);
        assert_eq!(job.rule_set, RuleSet::American1897);
        assert!(!job.chess960);
        assert_eq!(job.to_string(), LINE);
        let c960 = Job {
            chess960: true,
            ..job
        };
        assert_eq!(parse_job(&c960.to_string()).unwrap().unwrap(), c960);
    }

    #[test]
    fn multiplicities_and_counts_beyond_64_bits_are_read() {
        let big = u128::from(u64::MAX) * 1000;
        let line = LINE.replace(";mult 3", &format!(";mult {big}"));
        assert_eq!(parse_job(&line).unwrap().unwrap().multiplicity, big);
        assert_eq!(
            parse_result(&format!("17 {big}")).unwrap(),
            Some(("17".to_string(), big))
        );
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        assert_eq!(parse_job("# perft split ;jobs 3").unwrap(), None);
        assert_eq!(parse_job("   ").unwrap(), None);
        assert_eq!(parse_result("# x").unwrap(), None);
    }

    #[test]
    fn bad_job_lines_say_what_is_wrong() {
        let cases = [
            (
                LINE.replace(" ;mult 3", ""),
                LineError::MissingField("mult"),
            ),
            (
                LINE.replace(";depth 5", ";depth five"),
                LineError::BadNumber {
                    field: "depth",
                    text: "five".into(),
                },
            ),
            (
                format!("{LINE} ;depth 4"),
                LineError::RepeatedField("depth".into()),
            ),
            (
                format!("{LINE} ;odds rook"),
                LineError::UnknownField("odds rook".into()),
            ),
            ("17".to_string(), LineError::MissingField("FEN")),
        ];
        for (line, want) in cases {
            assert_eq!(parse_job(&line).unwrap_err(), want, "{line}");
        }
        assert!(matches!(
            parse_job(&LINE.replace("american-1897", "hoyle")).unwrap_err(),
            LineError::UnknownRules(_)
        ));
    }

    #[test]
    fn bad_result_lines_say_what_is_wrong() {
        assert_eq!(
            parse_result("17").unwrap_err(),
            LineError::NotIdAndCount("17".into())
        );
        assert_eq!(
            parse_result("17 12 13").unwrap_err(),
            LineError::NotIdAndCount("17 12 13".into())
        );
        assert!(matches!(
            parse_result("17 -4").unwrap_err(),
            LineError::BadNumber { field: "count", .. }
        ));
    }

    #[test]
    fn the_header_records_the_job_count() {
        let header = SplitHeader {
            root: engine::fen::STARTING_FEN.to_string(),
            rule_set: RuleSet::American1897,
            odds: Odds::Rook,
            chess960: false,
            depth: 7,
            split_depth: 3,
            cut: 3,
            jobs: 5362,
            paths: 8902,
        };
        let text = header.to_string();
        assert!(is_comment(&text));
        assert_eq!(header_job_count(&text), Some(5362));
        assert_eq!(header_job_count("# something else ;jobs 4"), None);
    }
}
