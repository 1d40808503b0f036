//! The commands of `morphy play` that take more than a line: taking back a turn, saving
//! the game so far, answering the player's offer of a draw; and keeping the game in the
//! games' database after each change. What they mean is the engine's session; this
//! file only asks it and says what happened.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;

use engine::search::NullReporter;

use super::{pgn, turn, Play, DEFAULT_PGN};

impl<W: Write> Play<'_, W> {
    /// Takes back the player's last turn and Morphy's moves since
    /// ([`engine::session::Session::take_back_turn`]).
    pub(super) fn undo(&mut self) -> io::Result<()> {
        let taken = match self.session.take_back_turn(self.sides.human) {
            Ok(taken) => taken,
            Err(why) => return self.say(&format!("error: {why}")),
        };
        let made = self.session.game().moves().len();
        if let Some(k) = self.keeping.as_mut() {
            k.taken_back(made);
        }
        self.keep()?;
        let game = self.session.game().clone();
        let mut pos = game.current().clone();
        let mut words = Vec::new();
        for mv in taken {
            words.push(pgn::numbered(&pos, &self.written(&pos, mv)));
            pos.play(mv);
        }
        let text = format!(
            "Took back {}; {} to move.",
            words.join(" "),
            game.current().turn()
        );
        self.say(&text)?;
        self.show()
    }

    /// Writes the game to the games' database after a change (settling an ending the
    /// board has brought), before the change is said; a failure is said, and the game
    /// plays on.
    pub(super) fn keep(&mut self) -> io::Result<()> {
        let Some(k) = self.keeping.as_mut() else {
            return Ok(());
        };
        self.session.settle();
        match k.save(&self.session, self.sides.human) {
            Some(line) => self.say(&line),
            None => Ok(()),
        }
    }

    /// `save`: the game so far as PGN, to `file`, the `--pgn` file, or `morphy-game.pgn`.
    pub(super) fn save(&mut self, file: Option<&str>) -> io::Result<()> {
        let path = file.map_or_else(
            || {
                self.config
                    .pgn
                    .clone()
                    .unwrap_or_else(|| std::path::PathBuf::from(DEFAULT_PGN))
            },
            std::path::PathBuf::from,
        );
        let text = self.pgn_text();
        let said = match std::fs::write(&path, text) {
            Ok(()) => format!(
                "Saved the game so far ({} moves) to {}.",
                self.session.game().moves().len(),
                path.display()
            ),
            Err(e) => format!("error: cannot write the PGN to {}: {e}", path.display()),
        };
        self.say(&said)
    }

    /// `draw`: the player offers a draw on his turn; Morphy answers by a short search
    /// and the odds terms ([`outcome::morphy_takes_draw`]). `true` when it is accepted.
    pub(super) fn offer_draw(&mut self) -> io::Result<bool> {
        let limits = self.config.limit.hint_limits();
        let result = self.searcher.search(
            self.session.game(),
            &limits,
            &AtomicBool::new(false),
            &mut NullReporter,
        );
        let answer = turn::answer_offer(&mut self.session, self.sides.morphy(), result.score);
        if answer.accepted {
            self.keep()?;
            self.say("Morphy accepts your offer of a draw.")?;
            return Ok(true);
        }
        self.say(&format!("Morphy declines the draw: {}.", answer.why))?;
        Ok(false)
    }
}
