//! `morphy play`: a game against Morphy on the terminal, at odds, under the Code.
//!
//! Morphy plays the odds-giver's side; the player receives the odds (or, with an
//! explicit colour, takes the giver's side and Morphy receives). The player types moves
//! in SAN or UCI and a few commands ([`input`]); Morphy answers with a search under the
//! odds terms. The game ends by mate, stalemate, a draw claimed under the rule set, a
//! resignation, or the end of input; the result is judged by the Code ([`outcome`]) and
//! the game can be written as PGN ([`pgn`]); the board and the other texts are [`text`].
//!
//! Reads lines from any `BufRead` and writes to any `Write`, so that tests drive it with
//! a pipe or in memory. The search, the rules and the notation are the engine's.

pub mod input;
pub mod outcome;
pub mod pgn;
pub mod text;

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use engine::game::DrawClaim;
use engine::search::{marked_now, Limits, MateCondition, NullReporter, OddsTerms, Searcher};
use engine::{Color, Game, Move, Odds, Piece, PieceKind, Rules, Square};

use crate::validate::{check, Request, Start, Validation};
use engine::rules::draws::color_name;
use engine::rules::outcome::{self as ruling, Ending};
use input::Input;
use text::no_claim;
pub use text::{board, odds_text, score_text};

/// How long or how far Morphy searches each move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Limit {
    /// A fixed time a move.
    Movetime(Duration),
    /// A fixed depth in plies.
    Depth(u32),
    /// About this many nodes.
    Nodes(u64),
}

impl Limit {
    /// The engine's limits for Morphy's own moves.
    pub fn limits(self) -> Limits {
        match self {
            Limit::Movetime(t) => Limits {
                movetime: Some(t),
                ..Limits::default()
            },
            Limit::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            Limit::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
        }
    }

    /// The limits of a hint: at most half a second when searching by time.
    pub fn hint_limits(self) -> Limits {
        match self {
            Limit::Movetime(t) => Limit::Movetime(t.min(Duration::from_millis(500))).limits(),
            other => other.limits(),
        }
    }
}

/// Everything `morphy play` is asked to do.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// The rules in force.
    pub rules: Rules,
    /// The odds Morphy gives.
    pub odds: Odds,
    /// The player's colour, if chosen.
    pub color: Option<Color>,
    /// Morphy's search limit.
    pub limit: Limit,
    /// Drawn games count as won by the receiver.
    pub draw_odds: bool,
    /// The giver's conditional mate.
    pub mate_condition: MateCondition,
    /// Odds contempt, centipawns.
    pub contempt: i32,
    /// The start, if not the standard (or odds) array.
    pub fen: Option<String>,
    /// Where to write the game as PGN at the end.
    pub pgn: Option<PathBuf>,
    /// Search threads.
    pub threads: usize,
    /// Transposition table, MiB.
    pub hash_mb: usize,
    /// Whether a person types at a terminal: then a prompt is shown; otherwise each
    /// line read is echoed after `> `, so that a piped session reads as a transcript.
    pub interactive: bool,
}

impl Default for PlayConfig {
    fn default() -> PlayConfig {
        PlayConfig {
            rules: Rules::default(),
            odds: Odds::None,
            color: None,
            limit: Limit::Movetime(Duration::from_secs(1)),
            draw_odds: false,
            mate_condition: MateCondition::None,
            contempt: 0,
            fen: None,
            pgn: None,
            threads: 1,
            hash_mb: 16,
            interactive: false,
        }
    }
}

/// Who plays which side, and who gives the odds.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Sides {
    /// The player's colour.
    pub human: Color,
    /// The side giving the odds (and the odds terms), if any.
    pub giver: Option<Color>,
}

impl Sides {
    /// Morphy's colour.
    pub fn morphy(self) -> Color {
        !self.human
    }
}

/// Who plays what: with odds the player receives them unless `color` says otherwise;
/// without odds the player is White unless `color` says otherwise, and odds terms
/// given without odds (`terms`: draw odds or a conditional mate) are Morphy's to give.
pub fn sides(odds: Odds, color: Option<Color>, terms: bool) -> Sides {
    if let Some(giver) = odds.giver() {
        Sides {
            human: color.unwrap_or(!giver),
            giver: Some(giver),
        }
    } else {
        let human = color.unwrap_or(Color::White);
        Sides {
            human,
            giver: terms.then_some(!human),
        }
    }
}

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
    game: Game,
    sides: Sides,
    terms: OddsTerms,
    searcher: Searcher,
}

/// Runs a game: reads the player's lines from `input`, writes everything to `out`.
/// Returns [`Status::Refused`] when the start is not valid under the Code (the
/// findings are written), after writing why.
pub fn run(config: &PlayConfig, input: impl BufRead, out: &mut impl Write) -> io::Result<Status> {
    // Step 1. The start, validated as the UCI server does.
    let report = check(&Request {
        start: config.fen.as_deref().map_or(Start::Standard, Start::Fen),
        moves: &[],
        rules: config.rules,
        odds: config.odds,
        mode: Validation::Refuse,
    });
    for f in &report.findings {
        writeln!(out, "{}: {f}", f.severity.word())?;
    }
    let Some(game) = report.game else {
        writeln!(out, "The start is refused under {}.", config.rules.set)?;
        return Ok(Status::Refused);
    };
    // Step 2. Sides and terms.
    let has_terms = config.draw_odds || config.mate_condition != MateCondition::None;
    let sides = sides(config.odds, config.color, has_terms);
    let terms = OddsTerms {
        giver: sides.giver,
        draw_odds: config.draw_odds,
        mate_condition: config.mate_condition,
        contempt: config.contempt,
    };
    if let (MateCondition::Pawn(sq), Some(giver)) = (config.mate_condition, sides.giver) {
        if game.current().piece_on(sq) != Some(Piece::new(giver, PieceKind::Pawn)) {
            writeln!(
                out,
                "error: mate condition pawn:{sq}: no {} Pawn stands on {sq} at the start (Am. IV 6)",
                color_name(giver)
            )?;
            return Ok(Status::Refused);
        }
    }
    let mut searcher = Searcher::new();
    searcher.set_threads(config.threads);
    searcher.set_hash_mb(config.hash_mb);
    searcher.set_odds_terms(terms);
    let mut play = Play {
        config,
        out,
        game,
        sides,
        terms,
        searcher,
    };
    play.introduce()?;
    let ending = play.run(input)?;
    play.finish(ending)?;
    Ok(Status::Played)
}

impl<W: Write> Play<'_, W> {
    fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    /// Step 3. Who plays what, the odds and terms, the limit, the board.
    fn introduce(&mut self) -> io::Result<()> {
        let (human, morphy) = (self.sides.human, self.sides.morphy());
        let config = self.config;
        let mut lines = vec![format!("Morphy: a game under {}.", config.rules.set)];
        if config.odds != Odds::None {
            lines.push(format!("Odds {}.", odds_text(config.odds)));
        }
        match self.sides.giver {
            Some(giver) if giver == morphy => lines.push(format!(
                "Morphy gives the odds and plays {}; you play {}.",
                color_name(morphy),
                color_name(human)
            )),
            Some(_) => lines.push(format!(
                "You chose {}, the giver's side: you give the odds, and Morphy plays {} and receives them.",
                color_name(human),
                color_name(morphy)
            )),
            None => lines.push(format!(
                "Morphy plays {}; you play {}.",
                color_name(morphy),
                color_name(human)
            )),
        }
        if let Some(giver) = self.sides.giver {
            let (g, r) = (color_name(giver), color_name(!giver));
            if config.draw_odds {
                lines.push(format!(
                    "Draw odds: a drawn game counts as won by {r} (Br. VI 1; Staunton I)."
                ));
            }
            match config.mate_condition {
                MateCondition::None => {}
                MateCondition::Pawn(sq) => lines.push(format!(
                    "{g} undertakes to mate with the Pawn on {sq}, which may not promote; any other mate, or a draw, is his loss (Am. IV 6, 8)."
                )),
                MateCondition::Square(sq) => lines.push(format!(
                    "{g} undertakes to mate with the mated King on {sq}; any other mate, or a draw, is his loss (Am. IV 7, 8)."
                )),
            }
            if config.contempt != 0 {
                lines.push(format!("Odds contempt: {} cp.", config.contempt));
            }
        }
        lines.push(match config.limit {
            Limit::Movetime(t) => format!("Morphy thinks {} ms a move.", t.as_millis()),
            Limit::Depth(d) => format!("Morphy searches to depth {d}."),
            Limit::Nodes(n) => format!("Morphy searches {n} nodes a move."),
        });
        lines.push("Type 'help' for the commands.".to_string());
        for l in lines {
            self.say(&l)?;
        }
        self.show()
    }

    /// The board from the player's side, the last move, whose turn, a claimable draw.
    fn show(&mut self) -> io::Result<()> {
        let pos = self.game.current().clone();
        let text = board(&pos, self.sides.human);
        self.say(&text)?;
        if let Some(&last) = self.game.moves().last() {
            let positions = self.game.positions();
            let before = &positions[positions.len() - 2];
            let who = if before.turn() == self.sides.human {
                "you"
            } else {
                "Morphy"
            };
            let text = format!(
                "Last move: {} ({who})",
                pgn::numbered(before, &before.san(last))
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
            color_name(pos.turn()),
            pos.fullmove_number()
        );
        if pos.in_multi_move_turn() {
            let _ = write!(
                status,
                "; {} move(s) left in this turn, no man beyond the fourth rank (Am. IV 4)",
                pos.turn_moves()
            );
        }
        if pos.in_check() && pos.has_legal_moves() {
            status.push_str("; check");
        }
        status.push('.');
        self.say(&status)?;
        if pos.turn() == self.sides.human && pos.has_legal_moves() {
            if let Some(claim) = self.game.draw_claim() {
                if claim != DrawClaim::DeadPosition {
                    let text = format!(
                        "You may claim a draw: {}. Type 'claim' to claim it.",
                        claim.ruling(&pos)
                    );
                    self.say(&text)?;
                }
            }
        }
        Ok(())
    }

    /// A mate, a stalemate or a dead position, which end the game without a claim.
    fn natural_ending(&self) -> Option<Ending> {
        let pos = self.game.current();
        if !pos.has_legal_moves() {
            return Some(if pos.in_check() {
                Ending::Checkmate
            } else {
                Ending::Stalemate
            });
        }
        (self.game.draw_claim() == Some(DrawClaim::DeadPosition)).then_some(Ending::DeadPosition)
    }

    /// Step 4. Moves until the game ends.
    fn run(&mut self, mut input: impl BufRead) -> io::Result<Ending> {
        let mut line = Vec::new();
        loop {
            if let Some(ending) = self.natural_ending() {
                return Ok(ending);
            }
            if self.game.current().turn() == self.sides.morphy() {
                if let Some(ending) = self.morphy_moves()? {
                    return Ok(ending);
                }
                if self.game.current().turn() == self.sides.human && self.natural_ending().is_none()
                {
                    self.show()?;
                }
                continue;
            }
            if self.config.interactive {
                write!(self.out, "> ")?;
            }
            self.out.flush()?;
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                self.say("End of input.")?;
                return Ok(Ending::Unfinished);
            }
            let text = String::from_utf8_lossy(&line).into_owned();
            if !self.config.interactive {
                let echo = format!("> {}", text.trim_end());
                self.say(&echo)?;
            }
            if let Some(ending) = self.command(input::parse(&text))? {
                return Ok(ending);
            }
        }
    }

    /// Morphy's move: a search, a draw claim if it takes one, the move.
    fn morphy_moves(&mut self) -> io::Result<Option<Ending>> {
        let limits = self.config.limit.limits();
        let result = self.searcher.search(
            &self.game,
            &limits,
            &AtomicBool::new(false),
            &mut NullReporter,
        );
        let morphy = self.sides.morphy();
        if let Some(claim) = self.game.draw_claim() {
            if outcome::morphy_claims(self.terms, morphy, result.score) {
                let text = format!(
                    "Morphy claims a draw: {}.",
                    claim.ruling(self.game.current())
                );
                self.say(&text)?;
                return Ok(Some(Ending::Claimed(claim)));
            }
        }
        let pos = self.game.current().clone();
        let Some(mv) = result.best.or_else(|| pos.legal_moves().first().copied()) else {
            return Ok(None);
        };
        let text = format!(
            "Morphy plays {} ({}, depth {})",
            pgn::numbered(&pos, &pos.san(mv)),
            score_text(result.score),
            result.depth
        );
        self.play(mv)?;
        self.say(&text)?;
        Ok(None)
    }

    fn play(&mut self, mv: Move) -> io::Result<()> {
        self.game
            .try_play(mv)
            .map_err(|e| io::Error::other(format!("internal error: {e}")))
    }

    /// Where the marked Pawn stands, when the player is the giver who may not promote it.
    fn players_marked_pawn(&self) -> Option<Square> {
        if self.sides.giver == Some(self.sides.human) {
            marked_now(self.config.mate_condition, &self.game)
        } else {
            None
        }
    }

    /// One line of the player's; `Some` when it ends the game.
    fn command(&mut self, input: Input) -> io::Result<Option<Ending>> {
        match input {
            Input::Empty => {}
            Input::Help => self.say(input::HELP)?,
            Input::Board => self.show()?,
            Input::Fen => {
                let fen = self.game.current().fen();
                self.say(&fen)?;
            }
            Input::Moves => {
                let pos = self.game.current();
                let marked = self.players_marked_pawn();
                let mut sans: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| !(marked == Some(m.from()) && m.promotion().is_some()))
                    .map(|m| pos.san(*m))
                    .collect();
                sans.sort();
                let text = format!("Legal moves ({}): {}", sans.len(), sans.join(" "));
                self.say(&text)?;
            }
            Input::Hint => {
                let limits = self.config.limit.hint_limits();
                let result = self.searcher.search(
                    &self.game,
                    &limits,
                    &AtomicBool::new(false),
                    &mut NullReporter,
                );
                let pos = self.game.current();
                let text = match result.best {
                    Some(mv) => format!(
                        "Hint: {} ({} for you, depth {})",
                        pos.san(mv),
                        score_text(result.score),
                        result.depth
                    ),
                    None => "Hint: no legal move".to_string(),
                };
                self.say(&text)?;
            }
            Input::Undo => self.undo()?,
            Input::Claim => {
                if let Some(claim) = self.game.draw_claim() {
                    let text = format!("You claim a draw: {}.", claim.ruling(self.game.current()));
                    self.say(&text)?;
                    return Ok(Some(Ending::Claimed(claim)));
                }
                let text = no_claim(self.game.current());
                self.say(&text)?;
            }
            Input::Resign => {
                self.say("You resign.")?;
                return Ok(Some(Ending::Resigned(self.sides.human)));
            }
            Input::Quit => return Ok(Some(Ending::Unfinished)),
            Input::Move(text) => {
                let pos = self.game.current().clone();
                match input::read_move(&pos, &text, self.players_marked_pawn()) {
                    Ok(mv) => {
                        let said = format!("You play {}", pgn::numbered(&pos, &pos.san(mv)));
                        self.play(mv)?;
                        self.say(&said)?;
                        if self.game.current().turn() == self.sides.human
                            && self.natural_ending().is_none()
                        {
                            self.show()?;
                        }
                    }
                    Err(e) => self.say(&format!("error: {e}"))?,
                }
            }
        }
        Ok(None)
    }

    /// Takes back the player's last turn and Morphy's moves since.
    fn undo(&mut self) -> io::Result<()> {
        let human = self.sides.human;
        let made_by = |game: &Game| -> Option<Color> {
            let n = game.moves().len();
            (n > 0).then(|| game.positions()[n - 1].turn())
        };
        let played = self.game.positions()[..self.game.moves().len()]
            .iter()
            .any(|p| p.turn() == human);
        if !played {
            return self.say("error: you have made no move to take back");
        }
        let mut taken = Vec::new();
        while made_by(&self.game) == Some(!human) {
            taken.extend(self.game.undo());
        }
        while made_by(&self.game) == Some(human) {
            taken.extend(self.game.undo());
        }
        let text = format!(
            "Took back {} move(s); {} to move.",
            taken.len(),
            color_name(self.game.current().turn())
        );
        self.say(&text)?;
        self.show()
    }

    /// Step 5. The result, the moves, the PGN file.
    fn finish(&mut self, ending: Ending) -> io::Result<()> {
        let pos = self.game.current().clone();
        if matches!(ending, Ending::Checkmate | Ending::Stalemate) {
            let text = board(&pos, self.sides.human);
            self.say(&text)?;
        }
        let marked = marked_now(self.config.mate_condition, &self.game);
        let verdict = ruling::verdict(ending, &pos, self.terms, marked);
        let text = format!("Result {}: {}.", verdict.result, verdict.reason);
        self.say(&text)?;
        let moves = pgn::body(
            self.game.start(),
            self.game.moves(),
            verdict.result,
            None,
            None,
        );
        self.say(&moves)?;
        if let Some(path) = &self.config.pgn {
            let text = pgn::game(
                &self.tags(verdict.result),
                self.game.start(),
                self.game.moves(),
                verdict.result,
                Some(&verdict.reason),
            );
            let said = match std::fs::write(path, text) {
                Ok(()) => format!("PGN written to {}", path.display()),
                Err(e) => format!("error: cannot write the PGN to {}: {e}", path.display()),
            };
            self.say(&said)?;
        }
        self.out.flush()
    }

    /// The PGN tags: the seven-tag roster, then the Code's.
    fn tags(&self, result: &str) -> Vec<(&'static str, String)> {
        let name = |c: Color| {
            if c == self.sides.human {
                "Player".to_string()
            } else {
                "Morphy".to_string()
            }
        };
        let mut tags = vec![
            ("Event", "Morphy play".to_string()),
            ("Site", "?".to_string()),
            ("Date", pgn::today()),
            ("Round", "-".to_string()),
            ("White", name(Color::White)),
            ("Black", name(Color::Black)),
            ("Result", result.to_string()),
            ("Rules", self.config.rules.set.name().to_string()),
        ];
        if self.config.odds != Odds::None {
            tags.push(("Odds", self.config.odds.name().to_string()));
        }
        if let Some(giver) = self.sides.giver {
            tags.push(("OddsGiver", color_name(giver).to_string()));
            if self.config.draw_odds {
                tags.push(("DrawOdds", "yes".to_string()));
            }
            if self.config.mate_condition != MateCondition::None {
                tags.push(("MateCondition", self.config.mate_condition.to_string()));
            }
        }
        tags
    }
}

#[cfg(test)]
mod tests;
