//! What the player types in `morphy play`: a command or a move, read by pure functions.
//!
//! A move is SAN (`e4`, `Nf3`, `O-O`, `exd6`, `e8=Q`), UCI (`e2e4`, `e7e8q`) or
//! descriptive (`P-K4`, `Kt-KB3`, `PxP`, `Castles KR`, Am. I 13); the position decides
//! which legal move it names. Errors are one line naming the problem.
//! Playing the move, and everything else a command does, is the game loop's business.

use engine::rules::odds::{MARKED_PAWN_LAW, MULTI_MOVE_TURN_LAW};
use engine::{DescriptiveError, File, Move, Position, SanError, Square};

/// One line of input.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Input {
    /// An empty line.
    Empty,
    /// `help` or `?`: the commands.
    Help,
    /// `undo`: take back the last full move (the player's and Morphy's).
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
    match text.to_ascii_lowercase().as_str() {
        "" => Input::Empty,
        "help" | "?" => Input::Help,
        "undo" | "takeback" => Input::Undo,
        "hint" => Input::Hint,
        "moves" => Input::Moves,
        "fen" => Input::Fen,
        "board" | "d" => Input::Board,
        "claim" | "draw" => Input::Claim,
        "resign" => Input::Resign,
        "quit" | "exit" => Input::Quit,
        _ => Input::Move(text.to_string()),
    }
}

/// The commands, for `help`.
pub const HELP: &str = "\
Type a move in SAN (e4, Nf3, exd5, O-O, e8=Q), UCI (e2e4, e7e8q) or descriptive
notation (P-K4, Kt-KB3, PxP, Castles KR, P-K8(Q)), or a command:
  moves   the legal moves          hint    Morphy's suggestion for you
  undo    take back a full move    board   show the board again
  fen     the position as FEN      claim   claim a draw the Code allows now
  resign  give up the game         quit    leave the game unfinished";

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

/// Finds the legal move `text` names in `pos`, in UCI, SAN or descriptive notation.
/// `marked` is the square of a marked Pawn the player may not promote (Am. IV 6), if the
/// player is the giver under that condition.
pub fn read_move(pos: &Position, text: &str, marked: Option<Square>) -> Result<Move, String> {
    let mv = if looks_like_uci(text) {
        pos.parse_uci_move(text).map_err(|e| e.to_string())
    } else {
        san_or_descriptive(pos, text)
    };
    let mv = mv.map_err(|e| {
        if pos.in_multi_move_turn() {
            format!("{e}; {MULTI_MOVE_TURN_LAW}")
        } else {
            e
        }
    })?;
    if marked == Some(mv.from()) && mv.promotion().is_some() {
        return Err(format!("'{text}': {MARKED_PAWN_LAW}"));
    }
    Ok(mv)
}

/// The move `text` names in SAN or, failing that, in descriptive notation. SAN with a
/// lowercase file letter (`Rb1`) is algebraic beyond doubt; otherwise a text that names
/// different moves in the two (`Q-B4`: `Qb4`, or the Queen to QB4 or KB4) is ambiguous,
/// and the engine's words for it are given (Am. III 3).
fn san_or_descriptive(pos: &Position, text: &str) -> Result<Move, String> {
    let san = pos.parse_san(text);
    if san.is_ok()
        && text
            .chars()
            .any(|c| c.is_ascii_lowercase() && File::from_char(c).is_some())
    {
        return san.map_err(|e| e.to_string());
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
            Err(DescriptiveError::Ambiguous {
                text: text.to_string(),
                candidates,
            }
            .to_string())
        }
        (Ok(mv), Err(_)) => Ok(mv),
        (Err(_), Ok(_)) => pos.parse_descriptive(text).map_err(|e| e.to_string()),
        (Err(san), Err(DescriptiveError::Malformed(_))) => Err(san.to_string()),
        (Err(SanError::Malformed(_)), Err(descriptive)) => Err(descriptive.to_string()),
        (Err(san), Err(_)) => Err(san.to_string()),
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
        assert_eq!(parse("resign"), Input::Resign);
        assert_eq!(parse("exit"), Input::Quit);
        assert_eq!(parse(" Nf3 "), Input::Move("Nf3".to_string()));
        assert_eq!(parse("resign now"), Input::Move("resign now".to_string()));
    }

    #[test]
    fn moves_in_san_or_uci() {
        let p = Position::startpos(Rules::default());
        for text in ["e4", "e2e4", "e2-e4"] {
            assert_eq!(p.uci_move(read_move(&p, text, None).unwrap()), "e2e4");
        }
        assert_eq!(p.uci_move(read_move(&p, "Nf3", None).unwrap()), "g1f3");
        assert_eq!(
            read_move(&p, "e2e5", None).unwrap_err(),
            "'e2e5' is not a legal move in this position"
        );
        assert_eq!(
            read_move(&p, "Ke2", None).unwrap_err(),
            "'Ke2' is not a legal move here: no King can go to e2"
        );
    }

    #[test]
    fn moves_in_descriptive_notation() {
        let p = Position::startpos(Rules::default());
        assert_eq!(p.uci_move(read_move(&p, "Kt-KB3", None).unwrap()), "g1f3");
        assert_eq!(p.uci_move(read_move(&p, "P-K4", None).unwrap()), "e2e4");
        // Am. III 3: a record naming two moves is refused, both named.
        let e = read_move(&p, "Kt-B3", None).unwrap_err();
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
        let e = read_move(&q, "Q-B4", None).unwrap_err();
        assert!(e.contains("Qb4 (d4b4) in algebraic notation"), "{e}");
        assert!(e.contains("Q-QB4 (d4c4), Q-KB4 (d4f4)"), "{e}");
        assert_eq!(q.uci_move(read_move(&q, "Q-QB4", None).unwrap()), "d4c4");
        // A lowercase file letter is algebraic: `Qb4` is not read as descriptive.
        assert_eq!(q.uci_move(read_move(&q, "Qb4", None).unwrap()), "d4b4");
        assert_eq!(
            read_move(&p, "P-K5", None).unwrap_err(),
            "'P-K5' expresses no legal move here (read as a Pawn to e5) (Am. I 13 C)"
        );
    }

    #[test]
    fn errors_in_a_turn_of_several_moves_cite_the_fourth_rank() {
        let rules = Rules::new(RuleSet::American1897);
        let mut p = Position::from_setup(&Odds::TwoMoves.setup(&rules), rules).unwrap();
        p.play(p.parse_san("e4").unwrap());
        let e = read_move(&p, "e5", None).unwrap_err();
        assert!(e.ends_with("(Am. IV 4)"), "{e}");
    }

    #[test]
    fn the_marked_pawn_may_not_promote() {
        let setup = Setup::from_fen("k7/4P3/8/8/8/8/8/K7 w - - 0 1", false).unwrap();
        let p = Position::from_setup(&setup, Rules::default()).unwrap();
        let e = read_move(&p, "e8=Q", Some(Square::E7)).unwrap_err();
        assert!(e.ends_with("(Am. IV 6)"), "{e}");
        assert!(read_move(&p, "e8=Q", None).is_ok());
    }
}
