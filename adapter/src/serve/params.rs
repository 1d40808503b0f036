//! The web board's new-game parameters: those of every front end ([`crate::game_ask`]),
//! published here under the board's old name.

pub use crate::game_ask::{
    read, ClockError, NewGame, ParamError, Side, TimeControl, ELO_RANGE, NAMES,
};
