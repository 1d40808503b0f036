//! A game as the database keeps it: how it was asked for, who plays which side, its
//! moves with the clocks after each, the calls to mate, and how it ended. Plain data:
//! what it means is the session's to say when the game is rebuilt.

/// One stored game.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct GameRecord {
    /// Its id (the web board's unguessable one).
    pub id: String,
    /// How it was asked for, as the front end's own text (the web board: its
    /// new-game parameters as JSON).
    pub spec: String,
    /// The rule set's name.
    pub rules: String,
    /// The odds' name.
    pub odds: String,
    /// Morphy's level in Elo (`None`: full strength).
    pub level: Option<u32>,
    /// The person's colour (`white` or `black`).
    pub human: String,
    /// The time control as given (`5+3`), if timed.
    pub clock: Option<String>,
    /// White's time left when the game was last written, milliseconds (untimed: `None`).
    pub white_ms: Option<u64>,
    /// Black's time left when the game was last written, milliseconds.
    pub black_ms: Option<u64>,
    /// The seed of Morphy's choices at a limited strength.
    pub seed: Option<u64>,
    /// The moves, in order.
    pub moves: Vec<MoveRecord>,
    /// The calls to mate (Br. IV 12): after how many moves, and by whom.
    pub calls: Vec<(usize, String)>,
    /// How the game ended, in the front end's words for rebuilding it (`None`: it
    /// goes on).
    pub ending: Option<String>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`) when over.
    pub result: Option<String>,
    /// The result's reason with its law, when over.
    pub reason: Option<String>,
    /// When it was first stored, seconds since 1970 (set by the database, as the
    /// machine's clock said: shown, never used to order games).
    pub created: i64,
    /// When it last changed, seconds since 1970 (set by the database).
    pub updated: i64,
    /// Its place among the games in the order they were first stored: 1 for the first
    /// (set by the database, from its own count of writes, never from the clock).
    pub stored_order: i64,
    /// Its place in the database's count of writes when it was last written (set by the
    /// database; at least `stored_order`).
    pub written_order: i64,
}

/// One move and the clocks after it.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct MoveRecord {
    /// The move in UCI (`e2e4`, `e7e8q`).
    pub uci: String,
    /// White's time left after it, milliseconds (untimed: `None`).
    pub white_ms: Option<u64>,
    /// Black's time left after it, milliseconds.
    pub black_ms: Option<u64>,
}
