//! One game of the web board: the engine's [`Session`] (moves, turns, claims, the
//! result), who plays which side, the clocks, and what was said. Every ruling is the
//! session's or the engine's; this file only asks them and keeps what they answered for
//! the page to show.

use std::time::{Duration, Instant};

use engine::position::move_refusal::IllegalReason;
use engine::rules::draws::ruling::Ruling;
use engine::search::{Limits, Score, SearchResult, Searcher};
use engine::session::{Session, TakeBackError};
use engine::{ByColor, Color, Move, PieceKind, Square};

use super::params::{NewGame, TimeControl};
use crate::play::turn::{self, Act};
use crate::play::{self, pgn, Limit, Refused, Sides, Started};

/// The clocks of a timed game.
#[derive(Clone, Debug)]
pub struct Clocks {
    /// The time control.
    pub control: TimeControl,
    /// Each side's time left when its clock last stopped.
    pub left: ByColor<Duration>,
    /// Since when the side to move's clock runs.
    pub since: Option<Instant>,
}

impl Clocks {
    fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: ByColor::new(control.base, control.base),
            since: Some(Instant::now()),
        }
    }

    /// `side`'s time left now, when `running` is the side whose clock runs.
    pub fn now(&self, side: Color, running: Option<Color>) -> Duration {
        let left = self.left[side];
        match (self.since, running) {
            (Some(since), Some(r)) if r == side => left.saturating_sub(since.elapsed()),
            _ => left,
        }
    }

    /// `mover` has made his move: his clock stops with the increment added.
    fn moved(&mut self, mover: Color) {
        let left = self.now(mover, Some(mover));
        self.left[mover] = left + self.control.increment;
        self.since = Some(Instant::now());
    }
}

/// A move refused: why, in the engine's words, with the law.
#[derive(Clone, Debug)]
pub struct Refusal {
    /// The sentence.
    pub words: String,
    /// The law.
    pub law: &'static str,
}

impl From<IllegalReason> for Refusal {
    fn from(r: IllegalReason) -> Refusal {
        Refusal {
            words: r.message,
            law: r.law,
        }
    }
}

impl From<Ruling> for Refusal {
    fn from(r: Ruling) -> Refusal {
        Refusal {
            words: r.words,
            law: r.law,
        }
    }
}

/// One game against Morphy on the web board.
pub struct WebGame {
    /// The game itself.
    pub session: Session,
    /// Who plays which side.
    pub sides: Sides,
    /// How it was asked for.
    pub new: NewGame,
    /// The clocks, when timed.
    pub clocks: Option<Clocks>,
    /// What the check of the start found, and what was said since (newest last).
    pub log: Vec<String>,
    /// Morphy's last search score, from its side.
    pub eval: Option<Score>,
    /// Morphy's searcher (away on a blocking thread while it thinks).
    pub searcher: Option<Box<Searcher>>,
    /// Counts the changes that make a search under way stale (a resignation, ...).
    pub epoch: u64,
    /// When the page last asked for anything.
    pub touched: Instant,
    /// Each side's time left after each move of the game (`None`: untimed, or a move
    /// of an uploaded game), for the record.
    pub clock_after: Vec<Option<ByColor<Duration>>>,
    /// The calls to mate given (Br. IV 12): after how many moves, and by whom.
    pub calls: Vec<(usize, Color)>,
    /// Whether its last change was written to the games' database.
    pub kept: bool,
}

/// The most lines of talk kept.
const LOG_LINES: usize = 40;

impl WebGame {
    /// A game opened as `morphy play` opens one ([`play::start()`]).
    ///
    /// # Errors
    /// The start refused, with the findings and the reason.
    pub fn open(new: NewGame) -> Result<WebGame, Refused> {
        let Started {
            session,
            sides,
            notes,
        } = play::start(&new.config)?;
        Ok(WebGame::with(session, sides, new, notes))
    }

    /// A game resumed from a session (a PGN upload): the player takes the side to move.
    pub fn resumed(session: Session, new: NewGame, notes: Vec<String>) -> WebGame {
        let turn = session.game().current().turn();
        let sides = Sides {
            human: turn,
            giver: session.giver(),
        };
        WebGame::with(session, sides, new, notes)
    }

    /// A game of `session` (at its start, or where it stands), `sides` playing, asked
    /// for as `new`, with `log` said: no move yet timed, no call given.
    pub fn with(session: Session, sides: Sides, new: NewGame, log: Vec<String>) -> WebGame {
        let mut searcher = Box::new(Searcher::new());
        searcher.set_hash_mb(new.config.hash_mb);
        searcher.set_odds_terms(session.terms());
        searcher.set_strength(new.config.strength());
        let clocks = new.clock.map(Clocks::new);
        let clock_after = vec![None; session.game().moves().len()];
        WebGame {
            session,
            sides,
            new,
            clocks,
            log,
            eval: None,
            searcher: Some(searcher),
            epoch: 0,
            touched: Instant::now(),
            clock_after,
            calls: Vec::new(),
            kept: false,
        }
    }

    /// Morphy's level in words.
    pub fn level_words(&self) -> String {
        match self.new.elo {
            None => "full strength".to_string(),
            Some(elo) => format!("Elo {elo}"),
        }
    }

    /// Says a line on the page.
    pub fn say(&mut self, line: String) {
        self.log.push(line);
        if self.log.len() > LOG_LINES {
            self.log.remove(0);
        }
    }

    /// Whether the game is over (settling an ending the board has brought, or the clock:
    /// a side whose time has run out forfeits, by the session's law).
    pub fn over(&mut self) -> bool {
        if let Some(side) = self.running() {
            let out = self
                .clocks
                .as_ref()
                .is_some_and(|c| c.now(side, Some(side)).is_zero());
            if out {
                self.session.time_forfeit(side);
                self.say(format!("{side}'s time has run out."));
                self.epoch += 1;
            }
        }
        self.session.settle().is_some()
    }

    /// Whether Morphy is to move in a game that goes on.
    pub fn morphy_to_move(&mut self) -> bool {
        !self.over() && self.session.game().current().turn() == self.sides.morphy()
    }

    /// The side whose clock runs, if any.
    pub fn running(&self) -> Option<Color> {
        let started = self.clocks.as_ref().is_some_and(|c| c.since.is_some());
        (started && self.session.ending().is_none()).then(|| self.session.game().current().turn())
    }

    /// The person's move from `from` to `to` (promoting to `promotion`: a piece, or a
    /// Pawn that stays one under the British draft, Br. IV 15).
    ///
    /// # Errors
    /// Why it cannot be played, in the engine's words with the law; nothing changes.
    pub fn person_moves(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    ) -> Result<Move, Refusal> {
        if self.over() {
            return Err(Refusal {
                words: format!("the game is over: {}", self.session.verdict().reason),
                law: "",
            });
        }
        let pos = self.session.game().current().clone();
        if pos.turn() != self.sides.human {
            return Err(Refusal {
                words: format!("it is {}'s turn to play, and Morphy's move", pos.turn()),
                law: engine::position::move_refusal::MOVES_LAW,
            });
        }
        let found = self
            .session
            .moves()
            .into_iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == promotion);
        let Some(mv) = found else {
            return Err(pos.why_illegal_move(from, to, promotion).into());
        };
        if self.session.play(mv).is_err() {
            return Err(pos.why_illegal_move(from, to, promotion).into());
        }
        self.clock_moved(pos.turn());
        let said = pgn::numbered(&pos, &pos.san(mv));
        self.say(format!("You play {said}."));
        self.epoch += 1;
        Ok(mv)
    }

    fn clock_moved(&mut self, mover: Color) {
        if let Some(c) = &mut self.clocks {
            c.moved(mover);
        }
        let left = self.clocks.as_ref().map(|c| c.left);
        self.clock_after.push(left);
    }

    /// Morphy's search limits: by its clock when timed, else by the configured limit.
    pub fn limits(&self) -> Limits {
        match &self.clocks {
            Some(c) => {
                let morphy = self.sides.morphy();
                Limits {
                    time_left: Some(c.now(morphy, self.running())),
                    increment: c.control.increment,
                    ..Limits::default()
                }
            }
            None => self.new.config.limit.limits(),
        }
    }

    /// The limits of a short search for answering an offer.
    pub fn hint_limits(&self) -> Limits {
        match self.new.config.limit {
            Limit::Movetime(_) if self.clocks.is_some() => {
                Limit::Movetime(Duration::from_millis(300)).limits()
            }
            limit => limit.hint_limits(),
        }
    }

    /// Morphy acts on its search ([`turn::morphy_acts`]), as in `morphy play`.
    pub fn morphy_acts(&mut self, result: &SearchResult) {
        let pos = self.session.game().current().clone();
        let morphy = self.sides.morphy();
        self.eval = result.score;
        let ply = self.session.game().moves().len();
        let acts = turn::morphy_acts(&mut self.session, morphy, result);
        if let Some(call) = acts.call {
            self.calls.push((ply, morphy));
            self.say(format!("Morphy calls: {call}."));
        }
        match acts.act {
            Act::Claimed(ruling) => self.say(format!("Morphy claims a draw: {ruling}.")),
            Act::Played(mv) => {
                self.clock_moved(morphy);
                let said = pgn::numbered(&pos, &pos.san(mv));
                self.say(format!("Morphy plays {said} (depth {}).", result.depth));
            }
            Act::Nothing => {}
        }
        self.over();
    }

    /// The person takes back his last turn and Morphy's moves since
    /// ([`Session::take_back_turn`]); a search under way becomes stale.
    ///
    /// # Errors
    /// Why not: the game is over, or the person has made no move.
    pub fn take_back(&mut self) -> Result<String, TakeBackError> {
        let taken = self.session.take_back_turn(self.sides.human)?;
        let made = self.session.game().moves().len();
        self.clock_after.truncate(made);
        self.calls.retain(|&(at, _)| at <= made);
        self.epoch += 1;
        self.eval = None;
        if let Some(c) = &mut self.clocks {
            c.since = Some(Instant::now());
        }
        let mut pos = self.session.game().current().clone();
        let mut words = Vec::new();
        for mv in taken {
            words.push(pgn::numbered(&pos, &pos.san(mv)));
            pos.play(mv);
        }
        let said = format!("You take back {}.", words.join(" "));
        self.say(said.clone());
        Ok(said)
    }

    /// The person claims a draw.
    pub fn claim(&mut self) -> Result<Ruling, Ruling> {
        let answer = self.session.claim();
        match &answer {
            Ok(granted) => self.say(format!("You claim a draw: {granted}.")),
            Err(refused) => self.say(format!("Claim refused: {refused}.")),
        }
        self.epoch += 1;
        answer
    }

    /// The person calls to mate (Br. IV 12).
    pub fn call(&mut self) -> Result<Ruling, Ruling> {
        let answer = self.session.call_to_mate(self.sides.human);
        match &answer {
            Ok(granted) => {
                let ply = self.session.game().moves().len();
                self.calls.push((ply, self.sides.human));
                self.say(format!("You call: {granted}."));
            }
            Err(refused) => self.say(format!("Call refused: {refused}.")),
        }
        answer
    }

    /// The person offers a draw; Morphy answers by `player_score` ([`turn::answer_offer`]).
    pub fn offer(&mut self, player_score: Option<Score>) -> bool {
        let answer = turn::answer_offer(&mut self.session, self.sides.morphy(), player_score);
        if answer.accepted {
            self.say("Morphy accepts your offer of a draw.".to_string());
        } else {
            self.say(format!("Morphy declines the draw: {}.", answer.why));
        }
        self.epoch += 1;
        answer.accepted
    }

    /// The person resigns.
    pub fn resign(&mut self) {
        self.session.resign(self.sides.human);
        self.say("You resign.".to_string());
        self.epoch += 1;
    }

    /// The game as PGN, as `morphy play` writes it ([`pgn::player_game`]).
    pub fn pgn(&self) -> String {
        pgn::player_game(&self.session, "Morphy serve", self.sides.human)
    }
}

impl From<Refused> for Vec<String> {
    fn from(r: Refused) -> Vec<String> {
        let mut lines = r.notes;
        lines.push(r.reason);
        lines
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::play::PlayConfig;

    fn timed(fen: &str) -> WebGame {
        let new = NewGame {
            config: PlayConfig {
                fen: Some(fen.to_string()),
                limit: Limit::Depth(1),
                hash_mb: 1,
                ..PlayConfig::default()
            },
            elo: None,
            asked: BTreeMap::new(),
            clock: Some(TimeControl {
                base: Duration::from_mins(1),
                increment: Duration::ZERO,
            }),
        };
        WebGame::open(new).unwrap_or_else(|_| panic!("the start is valid"))
    }

    #[test]
    fn a_player_whose_time_runs_out_forfeits_am_ii_10() {
        let mut g = timed("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert!(!g.over());
        if let Some(c) = g.clocks.as_mut() {
            c.left = ByColor::new(Duration::ZERO, Duration::ZERO);
        }
        assert!(g.over());
        let v = g.session.verdict();
        assert_eq!(v.result, "0-1");
        assert_eq!(
            v.reason,
            "White's time ran out: White forfeits the game (Am. II 10)"
        );
    }
}
