//! What the page draws, as JSON: the position (FEN), the person's legal moves, the last
//! move and the check, the score in SAN and in descriptive notation, the men given and
//! taken, the clocks, the claims open to the person, and the result with its law. All
//! of it read off the engine's session; nothing is decided here.

use engine::notation::descriptive;
use engine::rules::draws::call::call_to_mate;
use engine::rules::odds::moves_left_in_turn;
use engine::{Color, PieceKind, Position, Setup};
use serde::Serialize;
use serde_json::Value;

use super::game::WebGame;
use super::score::{self, Score, ScoreRow};
use crate::play::{score_text, terms_lines, ScoreOf};

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

/// The page's picture of the game, as its scripts (`page/*.js`) read it: the names of
/// the fields are the page's.
#[derive(Clone, Debug, Serialize)]
pub struct PageState {
    /// The game's id.
    pub id: String,
    /// The position, as FEN.
    pub fen: String,
    /// The side to move: `white` or `black`.
    pub turn: &'static str,
    /// The person's side.
    pub human: &'static str,
    /// Morphy's side.
    pub morphy: &'static str,
    /// The side that gives odds, if either.
    pub giver: Option<&'static str>,
    /// The game played, in words (`GameSpec`'s).
    pub game: String,
    /// The rule set's name.
    pub rules: &'static str,
    /// The odds' name.
    pub odds: &'static str,
    /// The odds and the terms of the game, a sentence each.
    pub terms: Vec<String>,
    /// Morphy's level in words.
    pub level: String,
    /// Morphy's level as an Elo, when limited.
    pub elo: Option<u32>,
    /// The person's legal moves (none when it is not his turn).
    pub legal: Vec<LegalMove>,
    /// The last move made.
    pub last: Option<LastMove>,
    /// The square of the King in check, if any.
    pub check: Option<String>,
    /// In a turn of several moves (Am. IV 4), what is left of it.
    pub turn_note: Option<String>,
    /// The move number.
    pub move_number: u32,
    /// The plies played.
    pub plies: usize,
    /// The game's epoch ([`WebGame::epoch`]).
    pub epoch: u64,
    /// The score in SAN.
    pub san: String,
    /// The score in descriptive notation (Am. I 13).
    pub descriptive: String,
    /// The score's rows, each move in both notations with its ply ([`score::rows`]).
    pub score: Vec<ScoreRow>,
    /// The men given, as FEN letters.
    pub given: Vec<String>,
    /// The men taken from each side.
    pub taken: Taken,
    /// The clocks, when timed.
    pub clocks: Option<Clocks>,
    /// Morphy's last score, from the person's side, in words.
    pub eval: Option<String>,
    /// The same in centipawns for the page's bar, from the person's side (a mate in `n`
    /// is ±(10000 − n)).
    pub eval_cp: Option<i32>,
    /// A draw the person may claim now, in words with its law.
    pub claimable: Option<String>,
    /// A call to mate the person may make now (Br. IV 12), in words with its law.
    pub call: Option<String>,
    /// The side whose offer of a draw stands, if any.
    pub offer: Option<&'static str>,
    /// Whether the person may take back his last turn.
    pub take_back: bool,
    /// Whether Morphy is thinking.
    pub thinking: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The result, when the game is over.
    pub result: Option<Outcome>,
    /// What was said, newest last.
    pub log: Vec<String>,
    /// Whether the game is kept in the games' database (if not, a restart loses it).
    pub kept: bool,
}

impl PageState {
    /// The state as a JSON value (its fields in alphabetical order, as a
    /// `serde_json` map keeps them), to send or to put inside an answer.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("the page state is strings, numbers and lists")
    }
}

/// One of the person's legal moves.
#[derive(Clone, Debug, Serialize)]
pub struct LegalMove {
    /// The square it leaves.
    pub from: String,
    /// The square it reaches.
    pub to: String,
    /// The promotion's letter (`q`, `r`, `b`, `n`, or `p` for a Pawn that stays one).
    pub promotion: Option<String>,
    /// Whether it is castling (the King's move).
    pub castle: bool,
}

/// The last move's squares.
#[derive(Clone, Debug, Serialize)]
pub struct LastMove {
    /// The square it left.
    pub from: String,
    /// The square it reached.
    pub to: String,
}

/// The men taken from each side, as FEN letters.
#[derive(Clone, Debug, Serialize)]
pub struct Taken {
    /// White's men taken.
    pub white: Vec<String>,
    /// Black's men taken.
    pub black: Vec<String>,
}

/// The clocks: each side's time left, in milliseconds, and the side whose clock runs.
#[derive(Clone, Debug, Serialize)]
pub struct Clocks {
    /// White's time left.
    pub white: u64,
    /// Black's time left.
    pub black: u64,
    /// The side whose clock runs, if either.
    pub running: Option<&'static str>,
}

/// The result of a game over, with its reason and law.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Why, with the law.
    pub reason: String,
}

/// Morphy's score (from its own side) in centipawns from the person's side.
fn persons_cp(score: engine::search::Score) -> i32 {
    match score {
        engine::search::Score::Cp(cp) => -cp,
        engine::search::Score::Mate(n) if n > 0 => -(10_000 - n),
        engine::search::Score::Mate(n) => 10_000 + n,
    }
}

/// The page's picture of the game.
#[expect(
    clippy::too_many_lines,
    reason = "one field after another of the page's picture, each a line or two"
)]
pub fn state(id: &str, g: &mut WebGame) -> PageState {
    let over = g.over();
    let thinking = g.searcher.is_none();
    let running = g.running();
    let human = g.sides.human;
    let spec = *g.session.spec();
    let game = g.session.game();
    let pos = game.current();
    let person_to_move = !over && pos.turn() == human;
    let legal = if person_to_move {
        g.session
            .moves()
            .iter()
            .map(|m| LegalMove {
                from: m.from().to_string(),
                to: m.to().to_string(),
                promotion: m.promotion().map(promotion_letter),
                castle: m.is_castle(),
            })
            .collect()
    } else {
        Vec::new()
    };
    let last = game.moves().last().map(|m| LastMove {
        from: m.from().to_string(),
        to: m.to().to_string(),
    });
    let check = (pos.in_check()).then(|| pos.king(pos.turn()).to_string());
    let standard = Setup::standard();
    let given: Vec<String> = spec
        .odds
        .removed()
        .iter()
        .filter_map(|sq| standard.piece_on(*sq))
        .map(|p| p.to_char().to_string())
        .collect();
    // The score read once, in both notations: the texts and the rows come from it.
    let lines = Score::of(game);
    let clocks = g.clocks.as_ref().map(|c| {
        let ms = |side: Color| c.now(side, running).as_millis() as u64;
        Clocks {
            white: ms(Color::White),
            black: ms(Color::Black),
            running: running.map(Color::name),
        }
    });
    let result = g.session.ending().map(|_| {
        let v = g.session.verdict();
        Outcome {
            result: v.result,
            reason: v.reason,
        }
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
    PageState {
        id: id.to_string(),
        fen: pos.fen(),
        turn: pos.turn().name(),
        human: human.name(),
        morphy: g.sides.morphy().name(),
        giver: g.sides.giver.map(Color::name),
        game: spec.to_string(),
        rules: spec.rule_set.name(),
        odds: spec.odds.name(),
        terms,
        level: g.level_words(),
        elo: g.new.elo,
        legal,
        last,
        check,
        turn_note: pos
            .in_multi_move_turn()
            .then(|| moves_left_in_turn(pos.turn_moves())),
        move_number: pos.fullmove_number(),
        plies: game.moves().len(),
        epoch: g.epoch,
        san: descriptive::layout(&lines.san),
        descriptive: descriptive::layout(&lines.descriptive),
        score: score::rows(&lines),
        given,
        taken: Taken {
            white: taken(game.start(), pos, Color::White),
            black: taken(game.start(), pos, Color::Black),
        },
        clocks,
        eval: g.eval.map(|s| score_text(Some(s), ScoreOf::Morphy)),
        eval_cp: g.eval.map(persons_cp),
        claimable,
        call,
        offer: g.session.offer().map(Color::name),
        take_back: g.session.no_take_back(human).is_none(),
        thinking,
        over,
        result,
        log: g.log.clone(),
        kept: g.kept,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use engine::Square;
    use serde_json::Value;

    use super::*;
    use crate::play::Limit;
    use crate::serve::params;

    fn game(pairs: &[(&str, &str)]) -> WebGame {
        let asked: BTreeMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        let mut new = params::read(&asked, Limit::Depth(1)).unwrap();
        new.config.hash_mb = 1;
        WebGame::open(new).unwrap_or_else(|_| panic!("the start is valid"))
    }

    /// The page's state as it is sent.
    fn page(g: &mut WebGame) -> Value {
        state("g1", g).to_json()
    }

    /// Games in many states: at odds, timed, with a multi-move turn, in check, with
    /// promotions to choose, over.
    fn pages() -> Vec<(&'static str, Value)> {
        let mut out = Vec::new();
        let mut plain = game(&[]);
        out.push(("start", page(&mut plain)));
        plain.person_moves(Square::E2, Square::E4, None).unwrap();
        out.push(("after e4", page(&mut plain)));
        let mut rook = game(&[
            ("odds", "rook"),
            ("rules", "american-1897"),
            ("color", "giver"),
            ("elo", "1600"),
            ("clock", "5+3"),
        ]);
        out.push(("rook odds, timed", page(&mut rook)));
        rook.person_moves(Square::D2, Square::D4, None).unwrap();
        out.push(("rook odds, timed, after d4", page(&mut rook)));
        let mut two = game(&[
            ("odds", "two-moves"),
            ("rules", "american-1897"),
            ("color", "receiver"),
        ]);
        two.person_moves(Square::E2, Square::E4, None).unwrap();
        out.push(("two moves, one played", page(&mut two)));
        let mut check = game(&[("fen", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")]);
        out.push(("in check", page(&mut check)));
        let mut promote = game(&[("fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")]);
        out.push(("promotions", page(&mut promote)));
        promote.resign();
        out.push(("resigned", page(&mut promote)));
        let mut capture = game(&[("fen", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")]);
        capture.person_moves(Square::E4, Square::D5, None).unwrap();
        capture.eval = Some(engine::search::Score::Cp(-35));
        out.push(("a capture, Morphy's score", page(&mut capture)));
        let mut fifty = game(&[
            ("rules", "british-1894"),
            ("fen", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"),
        ]);
        out.push(("fifty moves, british", page(&mut fifty)));
        fifty.offer(None);
        out.push(("fifty moves, offered", page(&mut fifty)));
        let mut fide = game(&[
            ("rules", "fide"),
            ("fen", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"),
        ]);
        out.push(("fifty moves, fide", page(&mut fide)));
        let mut call = game(&[
            ("rules", "british-1894"),
            ("fen", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"),
        ]);
        out.push(("a call to mate", page(&mut call)));
        out
    }

    /// The names of the fields, as the page's scripts read them.
    fn names(v: &Value) -> Vec<&str> {
        v.as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default()
    }

    #[test]
    fn the_state_has_the_fields_the_page_reads() {
        let fields = [
            "call",
            "check",
            "claimable",
            "clocks",
            "descriptive",
            "elo",
            "epoch",
            "eval",
            "eval_cp",
            "fen",
            "game",
            "given",
            "giver",
            "human",
            "id",
            "kept",
            "last",
            "legal",
            "level",
            "log",
            "morphy",
            "move_number",
            "odds",
            "offer",
            "over",
            "plies",
            "result",
            "rules",
            "san",
            "score",
            "take_back",
            "taken",
            "terms",
            "thinking",
            "turn",
            "turn_note",
        ];
        for (name, v) in pages() {
            assert_eq!(names(&v), fields, "{name}");
            assert_eq!(names(&v["taken"]), ["black", "white"], "{name}");
            for m in v["legal"].as_array().unwrap() {
                assert_eq!(names(m), ["castle", "from", "promotion", "to"], "{name}");
            }
            if !v["last"].is_null() {
                assert_eq!(names(&v["last"]), ["from", "to"], "{name}");
            }
            if !v["clocks"].is_null() {
                assert_eq!(names(&v["clocks"]), ["black", "running", "white"], "{name}");
            }
            if !v["result"].is_null() {
                assert_eq!(names(&v["result"]), ["reason", "result"], "{name}");
            }
        }
    }

    #[test]
    fn the_state_says_what_the_page_shows() {
        let pages: BTreeMap<&str, Value> = pages().into_iter().collect();
        let start = &pages["start"];
        assert_eq!(start["turn"], "white");
        assert_eq!(start["human"], "white");
        assert_eq!(start["morphy"], "black");
        assert_eq!(start["legal"].as_array().unwrap().len(), 20);
        assert_eq!(start["giver"], Value::Null);
        let after = &pages["after e4"];
        assert_eq!(after["last"]["from"], "e2");
        assert_eq!(after["last"]["to"], "e4");
        assert_eq!(after["san"], "1. e4");
        assert_eq!(after["descriptive"], "1. P-K4");
        assert_eq!(after["legal"].as_array().unwrap().len(), 0);
        assert_eq!(after["take_back"], true);
        let rook = &pages["rook odds, timed"];
        assert_eq!(rook["given"], serde_json::json!(["R"]));
        assert_eq!(rook["giver"], "white");
        assert_eq!(rook["elo"], 1600);
        assert_eq!(rook["level"], "Elo 1600");
        // Five minutes each, White's running.
        let white = rook["clocks"]["white"].as_u64().unwrap();
        assert!((290_000..=300_000).contains(&white), "{white}");
        assert_eq!(rook["clocks"]["black"], 300_000);
        assert_eq!(rook["clocks"]["running"], "white");
        assert_eq!(
            pages["rook odds, timed, after d4"]["clocks"]["running"],
            "black"
        );
        let two = &pages["two moves, one played"];
        assert!(two["turn_note"].as_str().unwrap().ends_with("(Am. IV 4)"));
        assert_eq!(pages["in check"]["check"], "e1");
        let promotions: Vec<&Value> = pages["promotions"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|m| m.get("promotion").filter(|p| !p.is_null()))
            .collect();
        assert_eq!(promotions, ["q", "n", "r", "b"]);
        let resigned = &pages["resigned"];
        assert_eq!(resigned["over"], true);
        assert_eq!(resigned["result"]["result"], "0-1");
        assert_eq!(resigned["result"]["reason"], "White resigns (Am. II 9)");
        let capture = &pages["a capture, Morphy's score"];
        assert_eq!(capture["taken"]["black"], serde_json::json!(["p"]));
        assert_eq!(capture["eval"], "+35 cp for you");
        assert_eq!(capture["eval_cp"], 35);
        assert!(pages["fifty moves, fide"]["claimable"]
            .as_str()
            .unwrap()
            .ends_with("(FIDE 9.3)"));
        assert!(pages["a call to mate"]["call"]
            .as_str()
            .unwrap()
            .ends_with("(Br. IV 12)"));
    }
}
