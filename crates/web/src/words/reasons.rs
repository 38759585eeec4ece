//! The rules engine's reasons for refusing a text, quoted in parentheses
//! by the sentences of [`link`](super::link) and the New game dialog (rule
//! option names, values and move text are the same in every language).

use crate::lang::T;

/// Preset `{0}` is unknown (`{1}` the presets).
pub const UNKNOWN_PRESET: T = t![
    "unknown preset '{0}' (expected {1})",
    "jeu «\u{a0}{0}\u{a0}» inconnu (attendu\u{a0}: {1})",
    "unbekanntes Spiel „{0}“ (erwartet: {1})",
    "juego «{0}» desconocido (se esperaba: {1})",
];
/// Part `{0}` of a rule set is not `key=value`.
pub const NOT_KEY_VALUE: T = t![
    "'{0}' in the rule set is not key=value",
    "«\u{a0}{0}\u{a0}» n’est pas de la forme clé=valeur",
    "„{0}“ hat nicht die Form Schlüssel=Wert",
    "«{0}» no tiene la forma clave=valor",
];
/// Rule option `{0}` is unknown (`{1}` the options).
pub const UNKNOWN_KEY: T = t![
    "unknown rule option '{0}' (expected {1})",
    "option de règle inconnue «\u{a0}{0}\u{a0}» (attendu\u{a0}: {1})",
    "unbekannte Regeloption „{0}“ (erwartet: {1})",
    "opción de regla desconocida «{0}» (se esperaba: {1})",
];
/// Rule option `{0}` is given twice.
pub const DUPLICATE_KEY: T = t![
    "rule option '{0}' is given twice",
    "l’option de règle «\u{a0}{0}\u{a0}» est donnée deux fois",
    "die Regeloption „{0}“ steht zweimal da",
    "la opción de regla «{0}» aparece dos veces",
];
/// Value `{0}` does not fit option `{1}` (`{2}` what it takes).
pub const BAD_VALUE: T = t![
    "bad value '{0}' for {1} (expected {2})",
    "valeur «\u{a0}{0}\u{a0}» invalide pour {1} (attendu\u{a0}: {2})",
    "ungültiger Wert „{0}“ für {1} (erwartet: {2})",
    "valor «{0}» no válido para {1} (se esperaba: {2})",
];
/// What `defenders` takes.
pub const EXPECTED_POINTS: T = t![
    "free or a comma list of points",
    "free ou des points séparés par des virgules",
    "free oder Punkte, durch Kommas getrennt",
    "free o puntos separados por comas",
];
/// What `defenders` takes: no point twice.
pub const EXPECTED_ONCE: T = t![
    "each point once",
    "chaque point une seule fois",
    "jeden Punkt nur einmal",
    "cada punto una sola vez",
];
/// What `defender-wins-below` takes.
pub const EXPECTED_NUMBER: T = t![
    "a whole number",
    "un nombre entier",
    "eine ganze Zahl",
    "un número entero",
];
/// `defenders` names no point.
pub const NO_DEFENDERS: T = t![
    "defenders names no point",
    "defenders ne donne aucun point",
    "defenders nennt keinen Punkt",
    "defenders no indica ningún punto",
];
/// A point `{0}` of `defenders` is off the board.
pub const DEFENDER_OFF_BOARD: T = t![
    "defenders: {0} is not on the board",
    "defenders\u{a0}: {0} n’est pas sur le plateau",
    "defenders: {0} liegt nicht auf dem Brett",
    "defenders: {0} no está en el tablero",
];
/// A point `{0}` of `defenders` is where the attackers start.
pub const DEFENDER_ON_ATTACKER: T = t![
    "defenders: {the_a} start on {0}",
    "defenders\u{a0}: sur {0} commencent {the_a}",
    "defenders: Auf {0} stehen zu Beginn {the_a}",
    "defenders: en {0} empiezan {the_a}",
];
/// `defender-wins-below={0}` is more than the `{1}` attackers.
pub const THRESHOLD_TOO_HIGH: T = t![
    "defender-wins-below={0} is more than the {1} {a}",
    "defender-wins-below={0} dépasse les {1} {a}",
    "defender-wins-below={0} ist mehr als die {1} {a}",
    "defender-wins-below={0} supera los {1} {a}",
];
/// A record with nothing in it.
pub const EMPTY_RECORD: T = t![
    "it is empty: a rule set and moves were expected",
    "il est vide\u{a0}: des règles et des coups étaient attendus",
    "sie ist leer: Regeln und Züge wurden erwartet",
    "está vacía: se esperaban unas reglas y jugadas",
];
/// `{0}` is not move text.
pub const NOT_MOVE_TEXT: T = t![
    "'{0}' is not a move (expected @c6, c3-c4 or d5xd3xf3)",
    "«\u{a0}{0}\u{a0}» n’est pas un coup (attendu\u{a0}: @c6, c3-c4 ou d5xd3xf3)",
    "„{0}“ ist kein Zug (erwartet: @c6, c3-c4 oder d5xd3xf3)",
    "«{0}» no es una jugada (se esperaba: @c6, c3-c4 o d5xd3xf3)",
];
/// Move number `{0}`: `{1}` what is wrong with it.
pub const MOVE_N: T = t![
    "move {0}: {1}",
    "coup {0}\u{a0}: {1}",
    "Zug {0}: {1}",
    "jugada {0}: {1}",
];
/// Move `{0}` is not legal there.
pub const ILLEGAL_MOVE: T = t![
    "illegal move {0}",
    "coup illégal {0}",
    "unzulässiger Zug {0}",
    "jugada ilegal {0}",
];
/// A move after the end (`{0}` how it ended).
pub const GAME_OVER: T = t![
    "the game was over ({0})",
    "la partie était finie ({0})",
    "die Partie war zu Ende ({0})",
    "la partida había terminado ({0})",
];
