//! Reading and writing perft suite lines for the oracle:
//! `FEN ;D1 n ;D2 n … ;rules NAME ;odds NAME ;id "text"`, where `rules` defaults to
//! american-1897 and `odds` to none, and a line with `;odds` must carry exactly that odds'
//! start FEN. Lines starting with `#` (and blank lines) are not positions. Independent of
//! the `engine` crate.

use std::fmt;

use super::{Odds, Position, RuleSet};

/// One position of a suite with its counts.
#[derive(Clone, Debug)]
pub struct SuiteLine {
    pub fen: String,
    /// `(depth, leaf nodes)`, in the order of the line.
    pub counts: Vec<(u32, u64)>,
    pub rules: RuleSet,
    pub odds: Option<Odds>,
    pub id: Option<String>,
}

impl SuiteLine {
    /// Parses a line; `Ok(None)` for a comment or blank line.
    pub fn parse(line: &str) -> Result<Option<SuiteLine>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let mut fields = line.split(" ;");
        let fen = fields.next().unwrap_or_default().trim().to_owned();
        let mut parsed = SuiteLine {
            fen,
            counts: Vec::new(),
            rules: RuleSet::American1897,
            odds: None,
            id: None,
        };
        for field in fields {
            let (key, value) = field
                .trim()
                .split_once(' ')
                .ok_or_else(|| format!("field {field:?} has no value"))?;
            let value = value.trim();
            match key {
                "rules" => {
                    parsed.rules = RuleSet::from_name(value)
                        .ok_or_else(|| format!("unknown rules {value:?}"))?;
                }
                "odds" => {
                    let odds =
                        Odds::by_name(value).ok_or_else(|| format!("unknown odds {value:?}"))?;
                    parsed.odds = Some(odds);
                }
                "id" => parsed.id = Some(value.trim_matches('"').to_owned()),
                _ => {
                    let depth = key.strip_prefix('D').and_then(|d| d.parse().ok());
                    let nodes = value.parse().ok();
                    let (Some(depth), Some(nodes)) = (depth, nodes) else {
                        return Err(format!("bad field {field:?}"));
                    };
                    parsed.counts.push((depth, nodes));
                }
            }
        }
        Ok(Some(parsed))
    }

    /// Parses every position line of a suite file.
    ///
    /// # Panics
    /// On a line that does not parse, naming it.
    pub fn parse_file(text: &str) -> Vec<SuiteLine> {
        text.lines()
            .enumerate()
            .filter_map(|(number, line)| {
                SuiteLine::parse(line)
                    .unwrap_or_else(|error| panic!("line {}: {error}: {line}", number + 1))
            })
            .collect()
    }

    /// The start position of this line: the odds start if `odds` is given (whose FEN must
    /// be the line's), otherwise the FEN read under `rules`.
    pub fn position(&self) -> Result<Position, String> {
        match self.odds {
            Some(odds) => {
                let pos = Position::odds_start(odds, self.rules);
                if pos.to_fen() == self.fen {
                    Ok(pos)
                } else {
                    Err(format!(
                        "odds {} under {} starts from {}, not {}",
                        odds.name,
                        self.rules.name(),
                        pos.to_fen(),
                        self.fen
                    ))
                }
            }
            None => Position::from_fen(&self.fen, self.rules)
                .map_err(|error| format!("{}: {error}", self.fen)),
        }
    }

    /// A short name for messages: the id, or the FEN.
    pub fn label(&self) -> String {
        let rules = self.rules.name();
        match &self.id {
            Some(id) => format!("{id} [{rules}]"),
            None => format!("{} [{rules}]", self.fen),
        }
    }
}

impl fmt::Display for SuiteLine {
    /// The line in suite form, with `rules` always written out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen)?;
        for (depth, nodes) in &self.counts {
            write!(f, " ;D{depth} {nodes}")?;
        }
        write!(f, " ;rules {}", self.rules.name())?;
        if let Some(odds) = self.odds {
            write!(f, " ;odds {}", odds.name)?;
        }
        if let Some(id) = &self.id {
            write!(f, " ;id \"{id}\"")?;
        }
        Ok(())
    }
}
