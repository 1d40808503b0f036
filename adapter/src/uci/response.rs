//! `UciResponse`: everything the engine says, and its `Display` — the only place where
//! protocol text is written. Nothing here decides *when* to say it (that is the server).

use std::fmt;

use engine::search::{Bound, Score, SearchInfo};
use engine::Position;

use super::notation::pv_text;

use crate::validate::Finding;

/// The type of an option, with its default and bounds.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum OptionType {
    /// `type check default <bool>`.
    Check(bool),
    /// `type spin default <d> min <min> max <max>`.
    Spin {
        /// The default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// `type combo default <d> var <v>...`.
    Combo {
        /// The default.
        default: &'static str,
        /// Every value.
        vars: Vec<&'static str>,
    },
    /// `type button`.
    Button,
    /// `type string default <d>`.
    String(&'static str),
}

/// One option as announced after `uci`.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct UciOption {
    /// Its name.
    pub name: &'static str,
    /// Its type.
    pub kind: OptionType,
}

impl fmt::Display for UciOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match &self.kind {
            OptionType::Check(d) => write!(f, "check default {d}"),
            OptionType::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionType::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                for v in vars {
                    write!(f, " var {v}")?;
                }
                Ok(())
            }
            OptionType::Button => f.write_str("button"),
            OptionType::String(d) => write!(f, "string default {d}"),
        }
    }
}

/// A search progress line: a `SearchInfo` shown in UCI form, its principal variation
/// written from `root` (and cut before any move not legal where it stands).
#[derive(Clone, Copy, Debug)]
pub struct UciInfo<'a> {
    /// The search's report.
    pub info: &'a SearchInfo,
    /// The position searched.
    pub root: &'a Position,
    /// Whether to print `wdl` (`UCI_ShowWDL`).
    pub show_wdl: bool,
}

impl fmt::Display for UciInfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let info = self.info;
        write!(
            f,
            "info depth {} seldepth {} multipv {} score ",
            info.depth,
            info.seldepth,
            info.multipv.max(1)
        )?;
        match info.score {
            Score::Cp(cp) => write!(f, "cp {cp}")?,
            Score::Mate(m) => write!(f, "mate {m}")?,
        }
        match info.bound {
            Bound::Exact => {}
            Bound::Lower => f.write_str(" lowerbound")?,
            Bound::Upper => f.write_str(" upperbound")?,
        }
        if let (true, Some((w, d, l))) = (self.show_wdl, info.wdl) {
            write!(f, " wdl {w} {d} {l}")?;
        }
        let time_ms = info.time.as_millis() as u64;
        let nps = info.nodes.saturating_mul(1000) / time_ms.max(1);
        write!(
            f,
            " nodes {} nps {nps} hashfull {} time {time_ms}",
            info.nodes, info.hashfull
        )?;
        let pv = pv_text(self.root, &info.pv);
        if !pv.is_empty() {
            write!(f, " pv {}", pv.join(" "))?;
        }
        Ok(())
    }
}

/// Something the engine says.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum UciResponse {
    /// `id name <name>`.
    IdName(String),
    /// `id author <author>`.
    IdAuthor(String),
    /// `option name ...`.
    Option(UciOption),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `bestmove <move> [ponder <move>]`, or `bestmove (none)`.
    BestMove {
        /// The move, or `None` for `(none)`.
        best: Option<String>,
        /// The expected reply.
        ponder: Option<String>,
    },
    /// `info string <text>`.
    InfoString(String),
    /// `info string error: <text>`.
    Error(String),
    /// `info string warning: <text>`.
    Warning(String),
    /// `info string <severity>: <finding>` for a finding of the Code.
    Finding(Finding),
    /// Plain text lines for people (`d`, `go perft`, `bench`), not protocol.
    Text(String),
}

/// One line of text safe to follow `info string`: no line breaks.
fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

impl fmt::Display for UciResponse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciResponse::IdName(n) => write!(f, "id name {}", one_line(n)),
            UciResponse::IdAuthor(a) => write!(f, "id author {}", one_line(a)),
            UciResponse::Option(o) => write!(f, "{o}"),
            UciResponse::UciOk => f.write_str("uciok"),
            UciResponse::ReadyOk => f.write_str("readyok"),
            UciResponse::BestMove { best, ponder } => {
                match best {
                    Some(m) => write!(f, "bestmove {m}")?,
                    None => f.write_str("bestmove (none)")?,
                }
                if let (Some(_), Some(p)) = (best, ponder) {
                    write!(f, " ponder {p}")?;
                }
                Ok(())
            }
            UciResponse::InfoString(s) => write!(f, "info string {}", one_line(s)),
            UciResponse::Error(s) => write!(f, "info string error: {}", one_line(s)),
            UciResponse::Warning(s) => write!(f, "info string warning: {}", one_line(s)),
            UciResponse::Finding(finding) => write!(
                f,
                "info string {}: {}",
                finding.severity.word(),
                one_line(&finding.to_string())
            ),
            UciResponse::Text(t) => f.write_str(t.trim_end_matches('\n')),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bestmove_none_and_ponder() {
        let none = UciResponse::BestMove {
            best: None,
            ponder: Some("e7e5".into()),
        };
        assert_eq!(none.to_string(), "bestmove (none)");
        let both = UciResponse::BestMove {
            best: Some("e2e4".into()),
            ponder: Some("e7e5".into()),
        };
        assert_eq!(both.to_string(), "bestmove e2e4 ponder e7e5");
    }

    #[test]
    fn info_line_carries_units_and_bounds() {
        let root = Position::startpos(engine::Rules::default());
        let e2e4 = root.parse_uci_move("e2e4").unwrap();
        let info = SearchInfo {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: Score::Mate(-2),
            bound: Bound::Lower,
            wdl: Some((0, 10, 990)),
            nodes: 100,
            time: std::time::Duration::from_millis(100),
            hashfull: 0,
            pv: vec![e2e4],
        };
        let line = UciInfo {
            info: &info,
            root: &root,
            show_wdl: true,
        };
        assert_eq!(
            line.to_string(),
            "info depth 3 seldepth 5 multipv 1 score mate -2 lowerbound wdl 0 10 990 nodes 100 nps 1000 hashfull 0 time 100 pv e2e4"
        );
        let hidden = UciInfo {
            show_wdl: false,
            ..line
        };
        assert_eq!(
            hidden.to_string(),
            "info depth 3 seldepth 5 multipv 1 score mate -2 lowerbound nodes 100 nps 1000 hashfull 0 time 100 pv e2e4"
        );
    }

    #[test]
    fn info_strings_stay_on_one_line() {
        let r = UciResponse::Error("a\nb\r\nc".into());
        assert_eq!(r.to_string(), "info string error: a b  c");
    }

    #[test]
    fn options_print_in_uci_form() {
        let o = UciOption {
            name: "Rules",
            kind: OptionType::Combo {
                default: "american-1897",
                vars: vec!["american-1897", "fide"],
            },
        };
        assert_eq!(
            o.to_string(),
            "option name Rules type combo default american-1897 var american-1897 var fide"
        );
    }
}
