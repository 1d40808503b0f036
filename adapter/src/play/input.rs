//! What the player types in `morphy play`: a command or a move, read by pure functions.
//!
//! A move is SAN (`e4`, `Nf3`, `O-O`, `exd6`, `e8=Q`), UCI (`e2e4`, `e7e8q`) or
//! descriptive (`P-K4`, `Kt-KB3`, `PxP`, `Castles KR`, Am. I 13); the position decides
//! which legal move it names. Errors are one line naming the problem.
//! Playing the move, and everything else a command does, is the game loop's business.

use std::fmt;

use engine::notation::UciMoveError;
use engine::position::move_refusal::IllegalReason;
use engine::{DescriptiveError, File, Move, Position, SanError};

/// One line of input.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Input {
    /// An empty line.
    Empty,
    /// `help` or `?`: the commands.
    Help,
    /// `undo`: take back the player's last turn and Morphy's moves since (see [`HELP`]).
    Undo,
    /// `hint`: a short search for the player's best move.
    Hint,
    /// `moves`: the legal moves in SAN.
    Moves,
    /// `fen`: the position as FEN.
    Fen,
    /// `board`: the board again.
    Board,
    /// `claim`: claim a draw the Code allows now.
    Claim,
    /// `draw` or `offer`: offer Morphy a draw by agreement.
    Offer,
    /// `save [FILE]`: write the game so far as PGN.
    Save(Option<String>),
    /// `call`: call on Morphy to mate within fifty moves on each side (Br. IV 12).
    Call,
    /// `resign`.
    Resign,
    /// `quit` or `exit`: leave the game unfinished.
    Quit,
    /// Anything else: a move to read against the position.
    Move(String),
}

/// Reads one line. Commands are single words in any case; everything else is a move.
pub fn parse(line: &str) -> Input {
    let text = line.trim();
    let mut words = text.split_whitespace();
    if words.next().is_some_and(|w| w.eq_ignore_ascii_case("save")) {
        let rest = text[4..].trim();
        return Input::Save((!rest.is_empty()).then(|| rest.to_string()));
    }
    match text.to_ascii_lowercase().as_str() {
        "" => Input::Empty,
        "help" | "?" => Input::Help,
        "undo" | "takeback" => Input::Undo,
        "hint" => Input::Hint,
        "moves" => Input::Moves,
        "fen" => Input::Fen,
        "board" | "d" => Input::Board,
        "claim" => Input::Claim,
        "draw" | "offer" => Input::Offer,
        "call" => Input::Call,
        "resign" => Input::Resign,
        "quit" | "exit" => Input::Quit,
        _ => Input::Move(text.to_string()),
    }
}

/// The commands, for `help`. What `undo` is said to do here is what it does.
pub const HELP: &str = "\
Type a move in SAN (e4, Nf3, exd5, O-O, e8=Q), UCI (e2e4, e7e8q) or descriptive
notation (P-K4, Kt-KB3, PxP, Castles KR, P-K8(Q)), or a command:
  moves        the legal moves
  hint         Morphy's suggestion for you (scores are always from your side)
  undo         take back your last turn and Morphy's reply to it
  board        show the board again
  fen          the position as FEN
  save [FILE]  write the game so far as PGN (to FILE, the --pgn file, or morphy-game.pgn)
  claim        claim a draw the Code allows now (repetition, fifty moves, ...)
  draw         offer Morphy a draw; it answers by its judgement and the odds terms
  call         call on Morphy to mate within fifty moves on each side (british-1894)
  resign       give up the game
  quit         leave the game unfinished";

/// Whether text has the shape of a UCI move (`e2e4`, `e7e8q`).
fn looks_like_uci(text: &str) -> bool {
    let b = text.as_bytes();
    (4..=5).contains(&b.len())
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
        && (b.len() == 4 || b"qrbnQRBN".contains(&b[4]))
}

/// Why a typed move was not read ([`read_move`]): one line naming the problem.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum MoveInputError {
    /// The text names a move, but no legal one: the engine's reason and law.
    Illegal {
        /// The text as typed.
        text: String,
        /// Why the move is illegal.
        reason: IllegalReason,
    },
    /// Text of a UCI move's shape that is no move.
    Uci(UciMoveError),
    /// Text that cannot be read in SAN (nor in descriptive notation).
    San(SanError),
    /// Text refused in descriptive notation, or naming different moves in the two.
    Descriptive(DescriptiveError),
}

impl fmt::Display for MoveInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveInputError::Illegal { text, reason } => write!(
                f,
                "'{text}' is not a legal move: {} ({})",
                reason.message, reason.law
            ),
            MoveInputError::Uci(e) => write!(f, "{e}"),
            MoveInputError::San(e) => write!(f, "{e}"),
            MoveInputError::Descriptive(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MoveInputError {}

/// Finds the legal move `text` names in `pos`, in UCI, SAN or descriptive notation; an
/// illegal one is refused with the engine's reason and law.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, MoveInputError> {
    if looks_like_uci(text) {
        return pos.parse_uci_move(text).map_err(|e| match e {
            UciMoveError::Illegal(_) => illegal(text, pos.why_illegal(text)),
            UciMoveError::Malformed(_) => MoveInputError::Uci(e),
        });
    }
    san_or_descriptive(pos, text)
}

/// An illegal move with its reason and law.
fn illegal(text: &str, reason: IllegalReason) -> MoveInputError {
    MoveInputError::Illegal {
        text: text.to_string(),
        reason,
    }
}

/// A SAN error: for a move read but illegal, the engine's reason and law.
fn san_error(pos: &Position, text: &str, e: SanError) -> MoveInputError {
    match e.reason(pos) {
        Some(r) => illegal(text, r),
        None => MoveInputError::San(e),
    }
}

/// The move `text` names in SAN or, failing that, in descriptive notation. SAN with a
/// lowercase file letter (`Rb1`) is algebraic beyond doubt; otherwise a text that names
/// different moves in the two (`Q-B4`: `Qb4`, or the Queen to QB4 or KB4) is ambiguous,
/// and the engine's words for it are given (Am. III 3).
fn san_or_descriptive(pos: &Position, text: &str) -> Result<Move, MoveInputError> {
    let san = pos.parse_san(text);
    if san.is_ok()
        && text
            .chars()
            .any(|c| c.is_ascii_lowercase() && File::from_char(c).is_some())
    {
        return san.map_err(|e| san_error(pos, text, e));
    }
    let descriptive = pos.read_descriptive(text);
    match (san, descriptive) {
        (Ok(mv), Ok(moves)) if moves == [mv] => Ok(mv),
        (Ok(mv), Ok(moves)) => {
            let mut candidates = vec![format!(
                "{} ({}) in algebraic notation",
                pos.san(mv),
                pos.uci_move(mv)
            )];
            candidates.extend(
                moves
                    .iter()
                    .map(|m| format!("{} ({})", pos.descriptive(*m), pos.uci_move(*m))),
            );
            Err(MoveInputError::Descriptive(DescriptiveError::Ambiguous {
                text: text.to_string(),
                candidates,
            }))
        }
        (Ok(mv), Err(_)) => Ok(mv),
        (Err(_), Ok(_)) => pos
            .parse_descriptive(text)
            .map_err(MoveInputError::Descriptive),
        (Err(san), Err(DescriptiveError::Malformed(_))) => Err(san_error(pos, text, san)),
        (Err(SanError::Malformed(_)), Err(descriptive)) => {
            Err(MoveInputError::Descriptive(descriptive))
        }
        (Err(san), Err(_)) => Err(san_error(pos, text, san)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Odds, RuleSet, Rules, Setup};

    #[test]
    fn commands_are_single_words_in_any_case() {
        assert_eq!(parse("  \n"), Input::Empty);
        assert_eq!(parse("HELP"), Input::Help);
        assert_eq!(parse("?"), Input::Help);
        assert_eq!(parse("undo\r\n"), Input::Undo);
        assert_eq!(parse("Hint"), Input::Hint);
        assert_eq!(parse("moves"), Input::Moves);
        assert_eq!(parse("fen"), Input::Fen);
        assert_eq!(parse("board"), Input::Board);
        assert_eq!(parse("claim"), Input::Claim);
        assert_eq!(parse("draw"), Input::Offer);
        assert_eq!(parse("save"), Input::Save(None));
        assert_eq!(
            parse("Save My Game.pgn "),
            Input::Save(Some("My Game.pgn".to_string()))
        );
        assert_eq!(parse("saved"), Input::Move("saved".to_string()));
        assert_eq!(parse("Call"), Input::Call);
        assert_eq!(parse("resign"), Input::Resign);
        assert_eq!(parse("exit"), Input::Quit);
        assert_eq!(parse(" Nf3 "), Input::Move("Nf3".to_string()));
        assert_eq!(parse("resign now"), Input::Move("resign now".to_string()));
    }

    #[test]
    fn moves_in_san_or_uci() {
        let p = Position::startpos(Rules::default());
        for text in ["e4", "e2e4", "e2-e4"] {
            assert_eq!(p.uci_move(read_move(&p, text).unwrap()), "e2e4");
        }
        assert_eq!(p.uci_move(read_move(&p, "Nf3").unwrap()), "g1f3");
        assert_eq!(
            read_move(&p, "e2e5").unwrap_err().to_string(),
            "'e2e5' is not a legal move: the Pawn on e2 does not move so: it cannot go to e5 (Am. I 9, I 11 E (a))"
        );
        assert_eq!(
            read_move(&p, "Ke2").unwrap_err().to_string(),
            "'Ke2' is not a legal move: your own Pawn stands on e2 (Am. I 11 E (a))"
        );
    }

    #[test]
    fn moves_in_descriptive_notation() {
        let p = Position::startpos(Rules::default());
        assert_eq!(p.uci_move(read_move(&p, "Kt-KB3").unwrap()), "g1f3");
        assert_eq!(p.uci_move(read_move(&p, "P-K4").unwrap()), "e2e4");
        // Am. III 3: a record naming two moves is refused, both named.
        let e = read_move(&p, "Kt-B3").unwrap_err().to_string();
        assert!(
            e.contains("Kt-QB3 (b1c3), Kt-KB3 (g1f3)") && e.ends_with("(Am. III 3)"),
            "{e}"
        );
        // `Q-B4` is Qb4 in algebraic notation and the Queen to c4 or f4 in descriptive.
        let q = Position::from_setup(
            &Setup::from_fen("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1", false).unwrap(),
            Rules::default(),
        )
        .unwrap();
        let e = read_move(&q, "Q-B4").unwrap_err().to_string();
        assert!(e.contains("Qb4 (d4b4) in algebraic notation"), "{e}");
        assert!(e.contains("Q-QB4 (d4c4), Q-KB4 (d4f4)"), "{e}");
        assert_eq!(q.uci_move(read_move(&q, "Q-QB4").unwrap()), "d4c4");
        // A lowercase file letter is algebraic: `Qb4` is not read as descriptive.
        assert_eq!(q.uci_move(read_move(&q, "Qb4").unwrap()), "d4b4");
        assert_eq!(
            read_move(&p, "P-K5").unwrap_err().to_string(),
            "'P-K5' (read as a Pawn to e5) is not a legal move here: no Pawn of yours can go to e5 (Am. I 9, I 11 E (a))"
        );
    }

    #[test]
    fn errors_in_a_turn_of_several_moves_cite_the_fourth_rank() {
        let rules = Rules::new(RuleSet::American1897);
        let mut p = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
        p.play(p.parse_san("e4").unwrap());
        let e = read_move(&p, "e5").unwrap_err().to_string();
        assert!(e.ends_with("(Am. IV 4)"), "{e}");
    }
}
