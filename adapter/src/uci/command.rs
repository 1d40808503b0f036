//! `UciCommand`: what a line from the GUI asks for, read by the pure function [`parse`].
//!
//! Parsing never fails on odd numbers: they are read saturating (`go depth 100000`,
//! `go movetime -5` keep their values, and the server decides what they mean). It does
//! not look at positions or moves beyond splitting the text: whether a move is legal is
//! the validator's question.

use std::fmt;

/// A command from the GUI.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum UciCommand {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answered with `readyok`, at once, even while searching.
    IsReady,
    /// `setoption name <name> [value <value>]`; names may hold spaces.
    SetOption {
        /// The option's name, as sent.
        name: String,
        /// The value, if any (buttons have none).
        value: Option<String>,
    },
    /// `register ...`: nothing to register; accepted and ignored.
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen <fen> [moves ...]`.
    Position {
        /// Where the game starts.
        start: PositionStart,
        /// The moves since, as sent.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Box<GoParams>),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the board, FEN, key, checkers and the Code's findings.
    Display,
    /// `bench [depth]`: the fixed-position node count.
    Bench(Option<i64>),
}

/// The start of a `position` command.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum PositionStart {
    /// `startpos`: the standard array, or the odds start when `Odds` is set.
    StartPos,
    /// `fen <fields>`: the fields joined by single spaces.
    Fen(String),
}

/// The limits and flags of a `go` command, as numbers read saturating to `i64`.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct GoParams {
    /// `searchmoves`: restrict the root to these moves.
    pub search_moves: Vec<String>,
    /// `ponder`: search in the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `wtime` in milliseconds.
    pub wtime: Option<i64>,
    /// `btime` in milliseconds.
    pub btime: Option<i64>,
    /// `winc` in milliseconds.
    pub winc: Option<i64>,
    /// `binc` in milliseconds.
    pub binc: Option<i64>,
    /// `movestogo`.
    pub movestogo: Option<i64>,
    /// `depth` in plies.
    pub depth: Option<i64>,
    /// `nodes`.
    pub nodes: Option<i64>,
    /// `mate` in moves.
    pub mate: Option<i64>,
    /// `movetime` in milliseconds.
    pub movetime: Option<i64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `perft <depth>` (an extension): divide and total instead of a search.
    pub perft: Option<i64>,
    /// What could not be read; the search still runs with the rest.
    pub problems: Vec<UciParseError>,
}

/// Why a line could not be read (fully).
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum UciParseError {
    /// The line holds nothing but white space.
    Empty,
    /// No known command in the line.
    UnknownCommand(String),
    /// A command lacks a part it needs.
    MissingArgument {
        /// The command.
        command: &'static str,
        /// What is missing.
        what: &'static str,
    },
    /// A number that is not a number.
    BadNumber {
        /// The field it was given for.
        field: &'static str,
        /// The text.
        text: String,
    },
    /// A token the command does not know.
    UnexpectedToken {
        /// The command.
        command: &'static str,
        /// The token.
        token: String,
    },
}

impl fmt::Display for UciParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciParseError::Empty => f.write_str("empty line"),
            UciParseError::UnknownCommand(s) => write!(
                f,
                "unknown command '{}' (known: uci, debug, isready, setoption, register, ucinewgame, position, go, stop, ponderhit, quit, d, bench)",
                shorten(s)
            ),
            UciParseError::MissingArgument { command, what } => {
                write!(f, "'{command}' needs {what}")
            }
            UciParseError::BadNumber { field, text } => {
                write!(f, "'{field}' needs a whole number, not '{}'", shorten(text))
            }
            UciParseError::UnexpectedToken { command, token } => {
                write!(f, "'{command}' does not know '{}'", shorten(token))
            }
        }
    }
}

impl std::error::Error for UciParseError {}

/// At most 60 characters of a user's text, for messages.
pub fn shorten(s: &str) -> String {
    const MAX: usize = 60;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(MAX).collect();
        format!("{head}...")
    }
}

/// Reads an integer, saturating at the bounds of `i64` (`99999999999999999999` is
/// `i64::MAX`, `-5` stays `-5`).
pub fn parse_number(field: &'static str, text: &str) -> Result<i64, UciParseError> {
    let bad = || UciParseError::BadNumber {
        field,
        text: text.to_string(),
    };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let mut value: i64 = 0;
    for b in digits.bytes() {
        let d = i64::from(b - b'0');
        value = value.saturating_mul(10).saturating_add(d);
    }
    Ok(if negative { -value } else { value })
}

/// The known command words.
const COMMANDS: [&str; 13] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "bench",
];

/// Reads one line. Unknown words before a known command are skipped, as the UCI
/// protocol asks (`joho debug on` is `debug on`).
///
/// ```
/// use morphy_adapter::uci::command::{parse, UciCommand};
/// assert_eq!(parse("isready\r"), Ok(UciCommand::IsReady));
/// assert!(parse("fly away").is_err());
/// ```
pub fn parse(line: &str) -> Result<UciCommand, UciParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = tokens.first() else {
        return Err(UciParseError::Empty);
    };
    let Some(at) = tokens.iter().position(|t| COMMANDS.contains(t)) else {
        return Err(UciParseError::UnknownCommand((*first).to_string()));
    };
    let args = &tokens[at + 1..];
    match tokens[at] {
        "uci" => Ok(UciCommand::Uci),
        "isready" => Ok(UciCommand::IsReady),
        "register" => Ok(UciCommand::Register),
        "ucinewgame" => Ok(UciCommand::UciNewGame),
        "stop" => Ok(UciCommand::Stop),
        "ponderhit" => Ok(UciCommand::PonderHit),
        "quit" => Ok(UciCommand::Quit),
        "d" => Ok(UciCommand::Display),
        "debug" => match args.first() {
            Some(&"on") => Ok(UciCommand::Debug(true)),
            Some(&"off") => Ok(UciCommand::Debug(false)),
            Some(other) => Err(UciParseError::UnexpectedToken {
                command: "debug",
                token: (*other).to_string(),
            }),
            None => Err(UciParseError::MissingArgument {
                command: "debug",
                what: "on or off",
            }),
        },
        "bench" => match args.first() {
            None => Ok(UciCommand::Bench(None)),
            Some(t) => Ok(UciCommand::Bench(Some(parse_number("depth", t)?))),
        },
        "setoption" => parse_setoption(args),
        "position" => parse_position(args),
        _ => Ok(UciCommand::Go(Box::new(parse_go(args)))),
    }
}

fn parse_setoption(args: &[&str]) -> Result<UciCommand, UciParseError> {
    let missing_name = UciParseError::MissingArgument {
        command: "setoption",
        what: "'name <option>'",
    };
    match args.first() {
        Some(t) if t.eq_ignore_ascii_case("name") => {}
        _ => return Err(missing_name),
    }
    let rest = &args[1..];
    let value_at = rest.iter().position(|t| t.eq_ignore_ascii_case("value"));
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(missing_name);
    }
    Ok(UciCommand::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(args: &[&str]) -> Result<UciCommand, UciParseError> {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (
            &args[..i],
            args[i + 1..].iter().map(|s| (*s).to_string()).collect(),
        ),
        None => (args, Vec::new()),
    };
    let start = match head.first() {
        Some(&"startpos") => {
            if let Some(extra) = head.get(1) {
                return Err(UciParseError::UnexpectedToken {
                    command: "position",
                    token: (*extra).to_string(),
                });
            }
            PositionStart::StartPos
        }
        Some(&"fen") => {
            if head.len() < 2 {
                return Err(UciParseError::MissingArgument {
                    command: "position",
                    what: "a FEN after 'fen'",
                });
            }
            PositionStart::Fen(head[1..].join(" "))
        }
        Some(other) => {
            return Err(UciParseError::UnexpectedToken {
                command: "position",
                token: (*other).to_string(),
            })
        }
        None => {
            return Err(UciParseError::MissingArgument {
                command: "position",
                what: "'startpos' or 'fen <fen>'",
            })
        }
    };
    Ok(UciCommand::Position { start, moves })
}

/// The words of `go` that end a `searchmoves` list.
const GO_WORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn parse_go(args: &[&str]) -> GoParams {
    let mut go = GoParams::default();
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        i += 1;
        let slot = match word {
            "ponder" => {
                go.ponder = true;
                continue;
            }
            "infinite" => {
                go.infinite = true;
                continue;
            }
            "searchmoves" => {
                while i < args.len() && !GO_WORDS.contains(&args[i]) {
                    go.search_moves.push(args[i].to_string());
                    i += 1;
                }
                continue;
            }
            "wtime" => &mut go.wtime,
            "btime" => &mut go.btime,
            "winc" => &mut go.winc,
            "binc" => &mut go.binc,
            "movestogo" => &mut go.movestogo,
            "depth" => &mut go.depth,
            "nodes" => &mut go.nodes,
            "mate" => &mut go.mate,
            "movetime" => &mut go.movetime,
            "perft" => &mut go.perft,
            other => {
                go.problems.push(UciParseError::UnexpectedToken {
                    command: "go",
                    token: other.to_string(),
                });
                continue;
            }
        };
        let field = GO_WORDS.into_iter().find(|w| *w == word).unwrap_or("go");
        match args.get(i) {
            Some(text) if !GO_WORDS.contains(text) => {
                i += 1;
                match parse_number(field, text) {
                    Ok(n) => *slot = Some(n),
                    Err(e) => go.problems.push(e),
                }
            }
            _ => go.problems.push(UciParseError::MissingArgument {
                command: "go",
                what: "a number after each limit",
            }),
        }
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setoption_names_and_values_may_hold_spaces() {
        assert_eq!(
            parse("setoption name Move Overhead value 30"),
            Ok(UciCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(UciCommand::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert!(parse("setoption value 3").is_err());
    }

    #[test]
    fn position_reads_fen_and_moves() {
        let cmd = parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2").unwrap();
        assert_eq!(
            cmd,
            UciCommand::Position {
                start: PositionStart::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            }
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos e2e4").is_err());
    }

    #[test]
    fn go_reads_every_limit_saturating() {
        let UciCommand::Go(go) = parse(
            "go searchmoves e2e4 d2d4 ponder wtime 1000 btime -5 winc 10 binc 20 movestogo 3 depth 100000 nodes 99999999999999999999999 mate 2 movetime 0 infinite",
        )
        .unwrap() else {
            panic!("not go")
        };
        assert_eq!(go.search_moves, ["e2e4", "d2d4"]);
        assert!(go.ponder && go.infinite);
        assert_eq!(go.btime, Some(-5));
        assert_eq!(go.nodes, Some(i64::MAX));
        assert_eq!(go.depth, Some(100_000));
        assert_eq!(go.movetime, Some(0));
        assert!(go.problems.is_empty());
    }

    #[test]
    fn go_keeps_going_past_bad_tokens() {
        let UciCommand::Go(go) = parse("go depth x fly nodes").unwrap() else {
            panic!("not go")
        };
        assert_eq!(go.problems.len(), 3);
    }

    #[test]
    fn unknown_words_before_a_command_are_skipped() {
        assert_eq!(parse("joho debug on"), Ok(UciCommand::Debug(true)));
        assert_eq!(
            parse("xyzzy"),
            Err(UciParseError::UnknownCommand("xyzzy".into()))
        );
        assert_eq!(parse("  \t "), Err(UciParseError::Empty));
    }
}
