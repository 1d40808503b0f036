//! Slices of a job file for job arrays: `--shard I/N`, with I from the environment of a
//! Slurm array task (`SLURM_ARRAY_TASK_ID`) or a Kubernetes Indexed Job pod
//! (`JOB_COMPLETION_INDEX`) when only `/N` is given. Indices are 0-based.

use std::fmt;
use std::str::FromStr;

/// Which slice of the job lines one runner takes: the job lines (comments not counted)
/// whose 0-based place `k` in the input has `k mod count == index`.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Shard {
    /// 0-based, below `count`.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

/// `--shard I/N`, or `--shard /N` with the index left to the environment.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct ShardSpec {
    /// `I`, if given.
    pub index: Option<u64>,
    /// `N`.
    pub count: u64,
}

/// The environment variables that give a shard's index, in the order they are tried:
/// a Slurm job array's task id, then a Kubernetes Indexed Job's completion index.
pub const SHARD_INDEX_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// Why a shard cannot be worked out.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ShardError {
    /// Not `I/N` or `/N`.
    Syntax(String),
    /// `N` is 0.
    NoSlices,
    /// The index is not below the number of slices.
    IndexTooLarge {
        /// The index.
        index: u64,
        /// The number of slices.
        count: u64,
        /// Where it came from (`--shard` or an environment variable).
        from: String,
    },
    /// `/N` was given and no environment variable holds the index.
    NoIndex,
    /// An environment variable holds no whole number.
    BadVariable {
        /// Its name.
        name: &'static str,
        /// Its value.
        value: String,
    },
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::Syntax(text) => write!(f, "--shard '{text}': expected I/N or /N"),
            ShardError::NoSlices => write!(f, "--shard: the number of slices must be at least 1"),
            ShardError::IndexTooLarge { index, count, from } => write!(
                f,
                "shard index {index} (from {from}) is not below {count}: indices are 0-based, 0 to {}",
                count - 1
            ),
            ShardError::NoIndex => write!(
                f,
                "--shard /N takes its index from {} or {}, and neither is set; give --shard I/N",
                SHARD_INDEX_VARIABLES[0], SHARD_INDEX_VARIABLES[1]
            ),
            ShardError::BadVariable { name, value } => {
                write!(f, "{name}='{value}' is not a shard index")
            }
        }
    }
}

impl std::error::Error for ShardError {}

impl FromStr for ShardSpec {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<ShardSpec, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (index, count) = text.split_once('/').ok_or_else(syntax)?;
        let count: u64 = count.trim().parse().map_err(|_| syntax())?;
        let index = match index.trim() {
            "" => None,
            i => Some(i.parse().map_err(|_| syntax())?),
        };
        Ok(ShardSpec { index, count })
    }
}

impl ShardSpec {
    /// The shard, taking a missing index from [`SHARD_INDEX_VARIABLES`] through `var`.
    pub fn resolve(self, var: impl Fn(&str) -> Option<String>) -> Result<Shard, ShardError> {
        if self.count == 0 {
            return Err(ShardError::NoSlices);
        }
        let (index, from) = if let Some(i) = self.index {
            (i, "--shard".to_string())
        } else {
            let (name, value) = SHARD_INDEX_VARIABLES
                .iter()
                .find_map(|name| var(name).map(|v| (*name, v)))
                .ok_or(ShardError::NoIndex)?;
            let index = value.trim().parse().map_err(|_| ShardError::BadVariable {
                name,
                value: value.clone(),
            })?;
            (index, name.to_string())
        };
        if index >= self.count {
            return Err(ShardError::IndexTooLarge {
                index,
                count: self.count,
                from,
            });
        }
        Ok(Shard {
            index,
            count: self.count,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn shards_are_read_and_take_their_index_from_slurm_or_kubernetes() {
        let given: ShardSpec = "2/5".parse().unwrap();
        assert_eq!(
            given.resolve(env(&[("SLURM_ARRAY_TASK_ID", "4")])),
            Ok(Shard { index: 2, count: 5 })
        );
        let open: ShardSpec = "/5".parse().unwrap();
        assert_eq!(open.index, None);
        assert_eq!(
            open.resolve(env(&[("SLURM_ARRAY_TASK_ID", "4")])),
            Ok(Shard { index: 4, count: 5 })
        );
        assert_eq!(
            open.resolve(env(&[("JOB_COMPLETION_INDEX", "0")])),
            Ok(Shard { index: 0, count: 5 })
        );
        assert_eq!(open.resolve(env(&[])), Err(ShardError::NoIndex));
        assert!(matches!(
            open.resolve(env(&[("JOB_COMPLETION_INDEX", "5")])),
            Err(ShardError::IndexTooLarge { index: 5, .. })
        ));
        assert!(matches!(
            open.resolve(env(&[("SLURM_ARRAY_TASK_ID", "x")])),
            Err(ShardError::BadVariable { .. })
        ));
        for bad in ["5", "a/5", "1/", "1/b"] {
            assert!(bad.parse::<ShardSpec>().is_err(), "{bad}");
        }
        assert_eq!(
            "0/0".parse::<ShardSpec>().unwrap().resolve(env(&[])),
            Err(ShardError::NoSlices)
        );
    }
}
