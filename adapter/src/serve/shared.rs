//! What the web board's handlers share: the live games, Morphy's search limit, and the
//! evaluations of the games replayed.

use super::evals::EvalCache;
use super::store::Store;
use crate::play::Limit;

/// What the handlers share.
pub struct App {
    /// The live games.
    pub store: Store,
    /// Morphy's search limit in untimed games.
    pub limit: Limit,
    /// Morphy's evaluations along the games replayed.
    pub evals: EvalCache,
}
