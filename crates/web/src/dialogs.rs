//! The board's dialogs: New game (the presets, every rule option, who
//! plays each side) and Rules (the rules in plain words, their sources).

pub(crate) mod new_game;
pub(crate) mod rules_dialog;
