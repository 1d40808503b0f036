//! `morphy play`: a game against Morphy on the terminal, at odds, under the Code.
//!
//! Morphy plays the odds-giver's side; the player receives the odds (or, with an
//! explicit colour, takes the giver's side and Morphy receives). The player types moves
//! in SAN, UCI or descriptive notation (shown in SAN or, with `--notation descriptive`,
//! descriptive) and a few commands ([`input`]); Morphy answers with a search under the
//! odds terms. The game itself — moves, claims, resignation, the result and its law — is
//! the engine's [`Session`]; this file only reads lines, draws the board ([`text`]) and
//! writes the PGN ([`pgn`]). Whether Morphy claims a draw is [`outcome`]. The game is
//! kept in the games' database after every change, as the web board keeps its own
//! ([`Keeping`], [`run_kept`]); [`cli`] has the flags, `--resume` among them.
//!
//! Reads lines from any `BufRead` and writes to any `Write`, so that tests drive it with
//! a pipe or in memory. The search, the rules and the notation are the engine's.

pub mod cli;
mod commands;
pub mod config;
pub mod input;
mod keeping;
pub mod outcome;
pub mod pgn;
pub mod start;
pub mod text;
pub mod turn;

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

use engine::notation::descriptive;
use engine::rules::draws::call::call_to_mate;
use engine::rules::odds::MARKED_PAWN_LAW;
use engine::rules::outcome::Ending;
use engine::search::{NullReporter, Searcher};
use engine::session::Session;
use engine::{Move, Odds, Position};

pub use config::{sides, Limit, MoveNotation, PlayConfig, Sides};
use input::Input;
pub use keeping::{Keep, Keeping};
pub use start::{start, Refused, Started};
pub use text::{board, odds_text, score_text, terms_lines, ScoreOf};

/// Where `save` writes when neither a file nor `--pgn` names one.
pub const DEFAULT_PGN: &str = "morphy-game.pgn";

/// How `run` ended.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Status {
    /// A game was played (finished or not).
    Played,
    /// The start was refused; nothing was played.
    Refused,
}

/// The game loop and its state.
struct Play<'a, W: Write> {
    config: &'a PlayConfig,
    out: &'a mut W,
    session: Session,
    sides: Sides,
    searcher: Searcher,
    /// A move that forfeits the game, typed once and awaiting its confirmation.
    confirm: Option<Move>,
    /// Where the game is kept, if it is.
    keeping: Option<Keeping>,
}

/// Runs a game: reads the player's lines from `input`, writes everything to `out`.
/// Returns [`Status::Refused`] when the start is not valid under the Code (the
/// findings are written), after writing why.
pub fn run(config: &PlayConfig, input: impl BufRead, out: &mut impl Write) -> io::Result<Status> {
    run_kept(config, Keep::Nothing, input, out)
}

/// [`run`], the game kept as `keep` says: a new one in a database, or one opened again
/// from its record (then `config` is the record's game with this run's search).
pub fn run_kept(
    config: &PlayConfig,
    keep: Keep,
    input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<Status> {
    let (started, keeping) = keeping::begin(config, keep);
    let notes = match &started {
        Ok(s) => &s.notes,
        Err(r) => &r.notes,
    };
    for note in notes {
        writeln!(out, "{note}")?;
    }
    let Started { session, sides, .. } = match started {
        Ok(started) => started,
        Err(refused) => {
            writeln!(out, "{}", refused.reason)?;
            return Ok(Status::Refused);
        }
    };
    let mut searcher = Searcher::new();
    searcher.set_threads(config.threads);
    searcher.set_hash_mb(config.hash_mb);
    searcher.set_odds_terms(session.terms());
    searcher.set_strength(config.strength());
    let mut play = Play {
        config,
        out,
        session,
        sides,
        searcher,
        confirm: None,
        keeping,
    };
    play.introduce()?;
    play.run(input)?;
    play.finish()?;
    Ok(Status::Played)
}

impl<W: Write> Play<'_, W> {
    fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    /// A move of `pos` in the notation chosen.
    fn written(&self, pos: &Position, mv: Move) -> String {
        match self.config.notation {
            MoveNotation::San => pos.san(mv),
            MoveNotation::Descriptive => pos.descriptive(mv),
        }
    }

    /// Step 3. Who plays what, the odds and terms, the limit, the board.
    fn introduce(&mut self) -> io::Result<()> {
        let (human, morphy) = (self.sides.human, self.sides.morphy());
        let config = self.config;
        let spec = *self.session.spec();
        let mut lines = vec![format!("Morphy: a game under {}.", spec.rule_set)];
        if spec.odds != Odds::None {
            lines.push(format!("Odds {}.", odds_text(spec.odds)));
        }
        match self.sides.giver {
            Some(giver) if giver == morphy => lines.push(format!(
                "Morphy gives the odds and plays {morphy}; you play {human}."
            )),
            Some(_) => lines.push(format!(
                "You chose {human}, the giver's side: you give the odds, and Morphy plays {morphy} and receives them."
            )),
            None => lines.push(format!(
                "Morphy plays {morphy}; you play {human}."
            )),
        }
        lines.extend(terms_lines(&spec, self.sides.giver));
        lines.push(match config.limit {
            Limit::Movetime(t) => format!("Morphy thinks {} ms a move.", t.as_millis()),
            Limit::Depth(d) => format!("Morphy searches to depth {d}."),
            Limit::Nodes(n) => format!("Morphy searches {n} nodes a move."),
        });
        if let Some(s) = config.strength() {
            lines.push(format!(
                "Morphy plays at about {} Elo (seed {}: the same seed against the same moves plays the same game).",
                s.clamped_elo(),
                s.seed
            ));
        }
        lines.push(
            "Scores are shown from your side: +100 cp for you is a Pawn's worth in your favour."
                .to_string(),
        );
        lines.push("Type 'help' for the commands.".to_string());
        let made = self.session.game().moves().len();
        if let Some(k) = self.keeping.as_mut() {
            lines.extend(k.opening_lines(made));
        }
        for l in lines {
            self.say(&l)?;
        }
        self.keep()?;
        self.show()
    }

    /// The board from the player's side, the last move, whose turn, a claimable draw.
    fn show(&mut self) -> io::Result<()> {
        let game = self.session.game();
        let pos = game.current().clone();
        let last = game
            .moves()
            .last()
            .map(|&mv| (game.positions()[game.moves().len() - 1].clone(), mv));
        let text = board(&pos, self.sides.human);
        self.say(&text)?;
        if let Some((before, last)) = last {
            let who = if before.turn() == self.sides.human {
                "you"
            } else {
                "Morphy"
            };
            let text = format!(
                "Last move: {} ({who})",
                pgn::numbered(&before, &self.written(&before, last))
            );
            self.say(&text)?;
        }
        let who = if pos.turn() == self.sides.human {
            "you"
        } else {
            "Morphy"
        };
        let mut status = format!(
            "{} to move ({who}), move {}",
            pos.turn(),
            pos.fullmove_number()
        );
        if pos.in_multi_move_turn() {
            let _ = write!(
                status,
                "; {}",
                engine::rules::odds::moves_left_in_turn(pos.turn_moves())
            );
        }
        if pos.in_check() && pos.has_legal_moves() {
            status.push_str("; check");
        }
        status.push('.');
        self.say(&status)?;
        if pos.turn() == self.sides.human && pos.has_legal_moves() {
            if let Some((_, ruling)) = self.session.claimable() {
                let text = format!("You may claim a draw: {ruling}. Type 'claim' to claim it.");
                self.say(&text)?;
            }
            if let Ok(ruling) = call_to_mate(&pos, self.sides.human) {
                let text = format!("You may call to mate: {ruling}. Type 'call' to call.");
                self.say(&text)?;
            }
        }
        Ok(())
    }

    /// Step 4. Moves until the game ends.
    fn run(&mut self, mut input: impl BufRead) -> io::Result<()> {
        let mut line = Vec::new();
        loop {
            if self.session.settle().is_some() {
                return Ok(());
            }
            if self.session.game().current().turn() == self.sides.morphy() {
                self.morphy_moves()?;
                if self.over_or_morphy_to_move() {
                    continue;
                }
                self.show()?;
                continue;
            }
            if self.config.interactive {
                write!(self.out, "> ")?;
            }
            self.out.flush()?;
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                self.say("End of input.")?;
                return Ok(());
            }
            let text = String::from_utf8_lossy(&line).into_owned();
            if !self.config.interactive {
                let echo = format!("> {}", text.trim_end());
                self.say(&echo)?;
            }
            if self.command(input::parse(&text))? {
                return Ok(());
            }
        }
    }

    /// Morphy's move: a search, then what it does ([`turn::morphy_acts`]).
    fn morphy_moves(&mut self) -> io::Result<()> {
        let limits = self.config.limit.limits();
        let result = self.searcher.search(
            self.session.game(),
            &limits,
            &AtomicBool::new(false),
            &mut NullReporter,
        );
        let pos = self.session.game().current().clone();
        let ply = self.session.game().moves().len();
        let acts = turn::morphy_acts(&mut self.session, self.sides.morphy(), &result);
        if acts.call.is_some() {
            let morphy = self.sides.morphy();
            if let Some(k) = self.keeping.as_mut() {
                k.called(ply, morphy);
            }
        }
        self.keep()?;
        if let Some(call) = &acts.call {
            self.say(&format!("Morphy calls: {call}."))?;
        }
        match acts.act {
            turn::Act::Claimed(ruling) => self.say(&format!("Morphy claims a draw: {ruling}.")),
            turn::Act::Played(mv) => {
                let text = format!(
                    "Morphy plays {} ({}, depth {})",
                    pgn::numbered(&pos, &self.written(&pos, mv)),
                    score_text(result.score, ScoreOf::Morphy),
                    result.depth
                );
                self.say(&text)
            }
            turn::Act::Nothing => Ok(()),
        }
    }

    fn play(&mut self, mv: Move) -> io::Result<()> {
        self.session
            .play(mv)
            .map_err(|e| io::Error::other(format!("internal error: {e}")))
    }

    /// Whether `mv` would promote the player's own marked Pawn, which forfeits the game
    /// (Am. IV 6, 8), and the player has not yet typed it twice in a row.
    fn forfeits_unconfirmed(&mut self, mv: Move) -> bool {
        let fatal = self.session.giver() == Some(self.sides.human)
            && self.session.marked() == Some(mv.from())
            && mv.promotion().is_some();
        let confirmed = self.confirm == Some(mv);
        self.confirm = (fatal && !confirmed).then_some(mv);
        fatal && !confirmed
    }

    /// Whether the game is over or it is Morphy's turn (then no board is shown).
    fn over_or_morphy_to_move(&self) -> bool {
        self.session.game().current().turn() != self.sides.human
            || self.session.natural_ending().is_some()
    }

    /// One line of the player's; `true` when it ends the game.
    fn command(&mut self, input: Input) -> io::Result<bool> {
        match input {
            Input::Empty => {}
            Input::Help => self.say(input::HELP)?,
            Input::Board => self.show()?,
            Input::Fen => {
                let fen = self.session.game().current().fen();
                self.say(&fen)?;
            }
            Input::Moves => {
                let pos = self.session.game().current();
                let mut sans: Vec<String> = self
                    .session
                    .moves()
                    .iter()
                    .map(|m| self.written(pos, *m))
                    .collect();
                sans.sort();
                let text = format!("Legal moves ({}): {}", sans.len(), sans.join(" "));
                self.say(&text)?;
            }
            Input::Hint => {
                // A hint is Morphy's best advice, at full strength.
                let limits = self.config.limit.hint_limits();
                self.searcher.set_strength(None);
                let result = self.searcher.search(
                    self.session.game(),
                    &limits,
                    &AtomicBool::new(false),
                    &mut NullReporter,
                );
                self.searcher.set_strength(self.config.strength());
                let pos = self.session.game().current();
                let text = match result.best {
                    Some(mv) => format!(
                        "Hint: {} ({}, depth {})",
                        self.written(pos, mv),
                        score_text(result.score, ScoreOf::Player),
                        result.depth
                    ),
                    None => "Hint: no legal move".to_string(),
                };
                self.say(&text)?;
            }
            Input::Undo => self.undo()?,
            Input::Save(file) => self.save(file.as_deref())?,
            Input::Offer => {
                if self.offer_draw()? {
                    return Ok(true);
                }
            }
            Input::Claim => match self.session.claim() {
                Ok(granted) => {
                    self.keep()?;
                    self.say(&format!("You claim a draw: {granted}."))?;
                    return Ok(true);
                }
                Err(refused) => self.say(&format!("error: {refused}"))?,
            },
            Input::Call => match self.session.call_to_mate(self.sides.human) {
                Ok(granted) => {
                    let (ply, human) = (self.session.game().moves().len(), self.sides.human);
                    if let Some(k) = self.keeping.as_mut() {
                        k.called(ply, human);
                    }
                    self.keep()?;
                    self.say(&format!("You call: {granted}."))?;
                }
                Err(refused) => self.say(&format!("error: {refused}"))?,
            },
            Input::Resign => {
                self.session.resign(self.sides.human);
                self.keep()?;
                self.say("You resign.")?;
                return Ok(true);
            }
            Input::Quit => return Ok(true),
            Input::Move(text) => {
                let pos = self.session.game().current().clone();
                match input::read_move(&pos, &text) {
                    Ok(mv) if self.forfeits_unconfirmed(mv) => {
                        let text = format!(
                            "warning: {MARKED_PAWN_LAW}. Type the move again to play it anyway."
                        );
                        self.say(&text)?;
                    }
                    Ok(mv) => {
                        let said =
                            format!("You play {}", pgn::numbered(&pos, &self.written(&pos, mv)));
                        self.play(mv)?;
                        self.keep()?;
                        self.say(&said)?;
                        if !self.over_or_morphy_to_move() {
                            self.show()?;
                        }
                    }
                    Err(e) => self.say(&format!("error: {e}"))?,
                }
            }
        }
        Ok(false)
    }

    /// Step 5. The result, the moves, the PGN file.
    fn finish(&mut self) -> io::Result<()> {
        let pos = self.session.game().current().clone();
        if matches!(
            self.session.ending(),
            Some(Ending::Checkmate | Ending::Stalemate)
        ) {
            let text = board(&pos, self.sides.human);
            self.say(&text)?;
        }
        let verdict = self.session.verdict();
        let text = format!("Result {}: {}.", verdict.result, verdict.reason);
        self.say(&text)?;
        let game = self.session.game().clone();
        let moves = match self.config.notation {
            MoveNotation::San => pgn::body(game.start(), game.moves(), verdict.result, &[], None),
            MoveNotation::Descriptive if game.moves().is_empty() => verdict.result.to_string(),
            MoveNotation::Descriptive => {
                format!("{}\n{}", descriptive::score(&game), verdict.result)
            }
        };
        self.say(&moves)?;
        if let Some(path) = &self.config.pgn {
            let text = self.pgn_text();
            let said = match std::fs::write(path, text) {
                Ok(()) => format!("PGN written to {}", path.display()),
                Err(e) => format!("error: cannot write the PGN to {}: {e}", path.display()),
            };
            self.say(&said)?;
        }
        self.out.flush()
    }

    /// The game as PGN ([`pgn::player_game`]): finished with its result and the law that
    /// decided it, or unfinished (`*`).
    fn pgn_text(&self) -> String {
        pgn::player_game(&self.session, "Morphy play", self.sides.human)
    }
}

#[cfg(test)]
mod tests;
