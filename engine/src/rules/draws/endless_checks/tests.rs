//! The proof of an endless series of checks (Am. II 8 (d); Staunton, Drawn Games (d)) on
//! positions whose lines are reasoned out in the comments.

use super::*;
use crate::rules::odds::Odds;
use crate::rules::RuleSet;
use crate::rules::Rules;
use crate::setup::Setup;

fn pos(fen: &str) -> Position {
    Position::from_setup(
        &Setup::from_fen(fen, false).unwrap(),
        Rules::new(RuleSet::American1897),
    )
    .unwrap()
}

fn verdict(fen: &str) -> Verdict {
    prove(&pos(fen), Budget::CLAIM).verdict
}

fn play(p: &Position, uci: &str) -> Position {
    p.played(p.parse_uci_move(uci).unwrap())
}

fn replies(p: &Position) -> Vec<String> {
    let mut out: Vec<String> = p.legal_moves().iter().map(|&m| p.san(m)).collect();
    out.sort();
    out
}

/// White, a Queen and a Rook down, checks on e8 and h5. After 1. Qe8+ the King has only h7
/// (f8, h8 on the rank, f7 next to the Queen; nothing reaches f8 or e8); after 2. Qh5+
/// only g8 (h6, g6 next to the Queen, h8 behind the King on the file; nothing reaches h6
/// or h5); 3. Qe8+ brings back the position after 1. Qe8+.
const PERPETUAL: &str = "6k1/6p1/8/8/8/8/qr3PPP/4Q1K1 w - - 0 1";

#[test]
fn am_ii_8_d_a_queen_shuttling_between_e8_and_h5_proves_the_series() {
    let root = pos(PERPETUAL);
    let after_check = play(&root, "e1e8");
    assert_eq!(replies(&after_check), ["Kh7"]);
    let after_second = play(&play(&after_check, "g8h7"), "e8h5");
    assert_eq!(replies(&after_second), ["Kg8"]);
    let proof = prove(&root, Budget::CLAIM);
    assert_eq!(proof.verdict, Verdict::Proved);
    // Check, flight, check, flight, check: the position after the first check recurs.
    assert_eq!(proof.plies, 5);
    assert!(proof.nodes < 200, "{proof:?}");
}

#[test]
fn am_ii_8_d_an_interposition_breaks_the_series() {
    // The same, with a Black Knight on g4: 1. Qe8+ Kh7 2. Qh5+ is met by Nh6, after which
    // every check is answered by a capture of the Queen (Qxh6+ Kxh6 or gxh6, Qg6+ Kxg6,
    // Qf5+ Nxf5) and White, left with King and Pawns, has no check.
    let fen = "6k1/6p1/8/8/6n1/8/qr3PPP/4Q1K1 w - - 0 1";
    let after = play(&play(&play(&pos(fen), "e1e8"), "g8h7"), "e8h5");
    assert_eq!(replies(&after), ["Kg8", "Nh6"]);
    assert_eq!(verdict(fen), Verdict::Escapes);
}

#[test]
fn am_ii_8_d_a_capture_or_a_flight_breaks_the_series() {
    // Every check of the Queen on e7 loses her: Qe8+ Rxe8, Qd8+ Rxd8, Qf8+ Kxf8 or Rxf8,
    // Qxf7+ Kxf7; then White has no check.
    assert_eq!(
        verdict("r5k1/4Qppp/8/8/8/8/5PPP/6K1 w - - 0 1"),
        Verdict::Escapes
    );
    // The Rook's only check Ra8+ is met by Kh7, and its only check then, Rh8+, by Kxh8.
    assert_eq!(
        verdict("7k/6p1/7p/8/8/8/6PP/R5K1 w - - 0 1"),
        Verdict::Escapes
    );
}

#[test]
fn am_ii_8_d_no_check_no_series() {
    let start = Position::startpos(Rules::default());
    assert_eq!(prove(&start, Budget::CLAIM).verdict, Verdict::NoCheck);
    // Inside the receiver's turn of several moves (Am. IV 4) there is no check to answer.
    let rules = Rules::default();
    let odds = Position::from_setup(&Odds::PawnAndTwoMoves.setup(&rules), rules).unwrap();
    assert!(odds.in_multi_move_turn());
    assert_eq!(prove(&odds, Budget::CLAIM).verdict, Verdict::NoCheck);
}

#[test]
fn am_preface_a_mate_is_no_endless_series_of_checks() {
    // 1. Qb8# is White's only check that Black cannot escape (1. Qxh7+ Kxh7).
    assert_eq!(
        verdict("6k1/5ppp/8/8/8/8/5PPP/1Q4K1 w - - 0 1"),
        Verdict::MateOnly
    );
}

/// After 1. Qe8+ Black has two defences: Kh7, and the Rook's interposition Rf8, which
/// opens the Bishop's diagonal to h7 and is met by Qxf8# (h7 by the Bishop, h8 and f7 by
/// the Queen, f8 guarded by the Knight). After Kh7, 2. Qh5+ Kg8 (h6 is covered by the
/// Pawn on g5, which also shuts the Rook off from h5) and 3. Qe8+ recurs.
const MATE_OR_SERIES: &str = "6k1/3N2p1/8/5rP1/8/8/qr3PPP/1B2Q1K1 w - - 0 1";

#[test]
fn am_ii_8_d_a_defence_that_walks_into_mate_is_answered() {
    let root = pos(MATE_OR_SERIES);
    let check = play(&root, "e1e8");
    assert_eq!(replies(&check), ["Kh7", "Rf8"]);
    let mated = play(&play(&check, "f5f8"), "e8f8");
    assert!(mated.in_check() && !mated.has_legal_moves());
    assert_eq!(replies(&play(&play(&check, "g8h7"), "e8h5")), ["Kg8"]);
    // The defender's two moves, judged from the check on: one mated, one recurring.
    let mut search = Search {
        claimant: Color::White,
        budget: Budget::CLAIM,
        nodes: 0,
        path: Vec::new(),
        known: HashMap::new(),
    };
    let found = search.defend(&check, &check.legal_moves(), 8);
    assert_eq!(found.value, Value::Endless);
    assert_eq!(prove(&root, Budget::CLAIM).verdict, Verdict::Proved);
}

#[test]
fn am_ii_8_d_the_claim_is_not_proved_when_the_budget_runs_out() {
    let root = pos(PERPETUAL);
    // The recurrence comes at the fifth half-move: four are not enough.
    let short = Budget {
        max_plies: 4,
        max_nodes: Budget::CLAIM.max_nodes,
    };
    assert_eq!(prove(&root, short).verdict, Verdict::OutOfBudget);
    let few = Budget {
        max_plies: Budget::CLAIM.max_plies,
        max_nodes: 10,
    };
    assert_eq!(prove(&root, few).verdict, Verdict::OutOfBudget);
    // A lone Queen against a lone King: checks abound, and no recurrence is forced
    // within the budget of a claim.
    let proof = prove(&pos("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"), Budget::CLAIM);
    assert_eq!(proof.verdict, Verdict::OutOfBudget);
    assert!(proof.nodes >= Budget::CLAIM.max_nodes, "{proof:?}");
}

#[test]
fn am_i_16_a_recurrence_needs_the_same_men_and_the_same_castling_rights() {
    let with = pos("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    let without = pos("r3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(identity(&with).0, identity(&without).0);
    assert_ne!(identity(&with), identity(&without));
}
