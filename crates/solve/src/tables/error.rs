//! What can go wrong with endgame tables: each kind of failure a variant,
//! with the line that names the file, the rule or the position.

/// Why endgame tables could not be built, read, checked or sampled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TablesError {
    /// Rules the tables cannot hold, or a request outside them (an
    /// attacker count out of range, a tier not built): why.
    Asked(String),
    /// No tables of the rules where they were looked for.
    Missing(String),
    /// A file or folder that cannot be read or written, and why.
    Io(String),
    /// A file that is not what the tables wrote there (its checksum, its
    /// length): which, and what.
    Damaged(String),
    /// A file of other tables, another format version or another program.
    Foreign(String),
    /// A tier file a stopped build left unfinished.
    Unfinished(String),
    /// A check found a value the rules re-derive otherwise.
    Wrong(String),
    /// The caller stopped the run (a full disk, too little memory): why.
    Stopped(String),
}

impl std::fmt::Display for TablesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TablesError::Asked(s)
            | TablesError::Missing(s)
            | TablesError::Io(s)
            | TablesError::Damaged(s)
            | TablesError::Foreign(s)
            | TablesError::Unfinished(s)
            | TablesError::Wrong(s)
            | TablesError::Stopped(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for TablesError {}
