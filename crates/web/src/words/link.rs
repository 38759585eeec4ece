//! The words for a game that could not be opened whole: a link, a saved
//! game or an embedded board's record. The reason quoted in parentheses is
//! the rules engine's, in [`reasons`](super::reasons).

use crate::lang::T;

/// The record's name at the start of a sentence: a link.
pub const LINK: T = t!["The link", "Le lien", "Der Link", "El enlace"];
/// The record's name at the start of a sentence: the saved game.
pub const SAVED: T = t![
    "The saved game",
    "La partie enregistrée",
    "Die gespeicherte Partie",
    "La partida guardada",
];
/// The record's name at the start of a sentence: an embedded board's.
pub const ATTRIBUTES: T = t![
    "This board's record",
    "Le relevé de ce plateau",
    "Die Notation dieses Bretts",
    "La anotación de este tablero",
];
/// A link with a bad `%` escape.
pub const GARBLED: T = t![
    "The link is garbled (a bad % escape); a new game is shown.",
    "Le lien est illisible (un échappement % invalide)\u{a0}; une nouvelle partie est affichée.",
    "Der Link ist verstümmelt (ein fehlerhaftes %-Zeichen); eine neue Partie wird gezeigt.",
    "El enlace está dañado (un escape % erróneo); se muestra una partida nueva.",
];
/// `{0}` (a record's name) is no record at all.
pub const NOT_A_RECORD: T = t![
    "{0} is not a game record. A new game is shown.",
    "{0}\u{a0}: ce n’est pas un relevé de partie. Une nouvelle partie est affichée.",
    "{0} ist keine Partienotation. Eine neue Partie wird gezeigt.",
    "{0} no es una anotación de partida. Se muestra una partida nueva.",
];
/// `{0}` has rules the game does not know (`{1}` why).
pub const UNKNOWN_RULES: T = t![
    "{0} cannot be followed: its rule set is not one this game knows ({1}). A new game is shown.",
    "{0}\u{a0}: ces règles sont inconnues de ce jeu ({1}). Une nouvelle partie est affichée.",
    "{0} lässt sich nicht öffnen: Diese Regeln kennt das Spiel nicht ({1}). Eine neue Partie wird gezeigt.",
    "{0} no se puede seguir: estas reglas no las conoce el juego ({1}). Se muestra una partida nueva.",
];
/// `{0}` cannot be read (`{1}` why).
pub const UNREADABLE: T = t![
    "{0} cannot be followed: it is not a game record ({1}). A new game is shown.",
    "{0}\u{a0}: ce n’est pas un relevé de partie ({1}). Une nouvelle partie est affichée.",
    "{0} lässt sich nicht öffnen: Das ist keine Partienotation ({1}). Eine neue Partie wird gezeigt.",
    "{0} no se puede seguir: no es una anotación de partida ({1}). Se muestra una partida nueva.",
];
/// `{0}`'s move number `{1}` is not move text (`{2}` why).
pub const NOT_A_MOVE: T = t![
    "{0} stops where move {1} is not a move ({2}). It is shown up to the move before.",
    "{0}\u{a0}: le coup {1} n’est pas un coup ({2}). La partie est affichée jusqu’au coup d’avant.",
    "{0} bricht ab, wo Zug {1} kein Zug ist ({2}). Sie wird bis zum Zug davor gezeigt.",
    "{0} se corta donde la jugada {1} no es una jugada ({2}). Se muestra hasta la jugada anterior.",
];
/// `{0}` has a move that cannot be played (`{1}` which and why).
pub const ILLEGAL: T = t![
    "{0} stops at {1}. It is shown up to the move before.",
    "{0}\u{a0}: arrêt à {1}. La partie est affichée jusqu’au coup d’avant.",
    "{0} bricht ab bei {1}. Sie wird bis zum Zug davor gezeigt.",
    "{0} se corta en {1}. Se muestra hasta la jugada anterior.",
];
/// `{0}`'s rules cannot be played (`{1}` why).
pub const UNPLAYABLE: T = t![
    "{0} has rules that cannot be played ({1}). A new game is shown.",
    "{0}\u{a0}: ces règles ne peuvent pas se jouer ({1}). Une nouvelle partie est affichée.",
    "{0} hat Regeln, die sich nicht spielen lassen ({1}). Eine neue Partie wird gezeigt.",
    "{0} tiene reglas que no se pueden jugar ({1}). Se muestra una partida nueva.",
];
