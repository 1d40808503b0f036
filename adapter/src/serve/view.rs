//! What the page draws, as JSON: the position (FEN), the person's legal moves, the last
//! move and the check, the score in SAN and in descriptive notation, the men given and
//! taken, the clocks, the claims open to the person, and the result with its law. All
//! of it read off the engine's session; nothing is decided here.

use engine::notation::descriptive;
use engine::rules::draws::call::call_to_mate;
use engine::rules::odds::moves_left_in_turn;
use engine::{Color, PieceKind, Position, Setup};
use serde_json::{json, Value};

use super::game::WebGame;
use crate::play::{score_text, terms_lines, ScoreOf};

/// `white` or `black`.
pub fn side(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The letter of a promotion (`q`, `r`, `b`, `n`, and `p` for a Pawn that stays one).
fn promotion_letter(kind: PieceKind) -> String {
    kind.to_char().to_ascii_lowercase().to_string()
}

/// The men of each kind (Pawn, Knight, Bishop, Rook, Queen) `color` has in `pos`.
fn men(pos: &Position, color: Color) -> [u32; 5] {
    [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .map(|k| pos.pieces_of(color, k).len())
}

/// The men of `color` taken since `start`, as FEN letters (a promoted man counts
/// as the piece it became).
fn taken(start: &Position, now: &Position, color: Color) -> Vec<String> {
    let (before, after) = (men(start, color), men(now, color));
    let letters = ['p', 'n', 'b', 'r', 'q'];
    let mut out = Vec::new();
    for i in 0..5 {
        for _ in after[i]..before[i] {
            let c = letters[i];
            out.push(match color {
                Color::White => c.to_ascii_uppercase().to_string(),
                Color::Black => c.to_string(),
            });
        }
    }
    out
}

/// The page's picture of the game.
pub fn state(id: &str, g: &mut WebGame) -> Value {
    let over = g.over();
    let thinking = g.searcher.is_none();
    let running = g.running();
    let human = g.sides.human;
    let spec = *g.session.spec();
    let game = g.session.game();
    let pos = game.current();
    let person_to_move = !over && pos.turn() == human;
    let legal: Vec<Value> = if person_to_move {
        g.session
            .moves()
            .iter()
            .map(|m| {
                json!({
                    "from": m.from().to_string(),
                    "to": m.to().to_string(),
                    "promotion": m.promotion().map(promotion_letter),
                    "castle": m.is_castle(),
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    let last = game
        .moves()
        .last()
        .map(|m| json!({"from": m.from().to_string(), "to": m.to().to_string()}));
    let check = (pos.in_check()).then(|| pos.king(pos.turn()).to_string());
    let standard = Setup::standard();
    let given: Vec<String> = spec
        .odds
        .removed()
        .iter()
        .filter_map(|sq| standard.piece_on(*sq))
        .map(|p| p.to_char().to_string())
        .collect();
    let descriptive = if game.moves().is_empty() {
        String::new()
    } else {
        descriptive::score(game)
    };
    let clocks = g.clocks.as_ref().map(|c| {
        let ms = |side: Color| c.now(side, running).as_millis() as u64;
        json!({
            "white": ms(Color::White),
            "black": ms(Color::Black),
            "running": running.map(side),
        })
    });
    let result = g.session.ending().map(|_| {
        let v = g.session.verdict();
        json!({"result": v.result, "reason": v.reason})
    });
    let (claimable, call) = if person_to_move {
        (
            g.session.claimable().map(|(_, r)| r.to_string()),
            call_to_mate(pos, human).ok().map(|r| r.to_string()),
        )
    } else {
        (None, None)
    };
    let mut terms = vec![if spec.odds == engine::Odds::None {
        "No odds of men or moves: the standard array.".to_string()
    } else {
        spec.odds.describe()
    }];
    terms.extend(terms_lines(&spec, g.sides.giver));
    json!({
        "id": id,
        "fen": pos.fen(),
        "turn": side(pos.turn()),
        "human": side(human),
        "morphy": side(g.sides.morphy()),
        "giver": g.sides.giver.map(side),
        "game": spec.to_string(),
        "rules": spec.rule_set.name(),
        "odds": spec.odds.name(),
        "terms": terms,
        "level": g.level_words(),
        "elo": g.new.elo,
        "legal": legal,
        "last": last,
        "check": check,
        "turn_note": pos.in_multi_move_turn().then(|| moves_left_in_turn(pos.turn_moves())),
        "move_number": pos.fullmove_number(),
        "plies": game.moves().len(),
        "epoch": g.epoch,
        "san": engine::notation::san_score(game),
        "descriptive": descriptive,
        "given": given,
        "taken": {
            "white": taken(game.start(), pos, Color::White),
            "black": taken(game.start(), pos, Color::Black),
        },
        "clocks": clocks,
        "eval": g.eval.map(|s| score_text(Some(s), ScoreOf::Morphy)),
        "claimable": claimable,
        "call": call,
        "offer": g.session.offer().map(side),
        "take_back": g.session.no_take_back(human).is_none(),
        "thinking": thinking,
        "over": over,
        "result": result,
        "log": g.log,
    })
}
