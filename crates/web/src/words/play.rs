//! The words of play: the status line, the points' names, what a move did,
//! the computer's line, play by link and why a choice is refused.

use crate::lang::T;

/// A point with nothing on it.
pub const EMPTY: T = t!["empty", "vide", "leer", "vacío"];
/// A point's label: the piece on it is chosen.
pub const SELECTED: T = t![
    ", selected",
    ", sélectionné",
    ", ausgewählt",
    ", seleccionado",
];
/// A point's label: it is on the capture path entered so far.
pub const ON_PATH: T = t![
    ", on the path",
    ", sur le chemin",
    ", auf dem Weg",
    ", en el camino",
];
/// A point's label: the chosen piece may go there.
pub const MOVE_HERE: T = t![
    ", move here",
    ", aller ici",
    ", hierher ziehen",
    ", mover aquí",
];
/// A point's label: its piece may move.
pub const CAN_MOVE: T = t![
    ", can move",
    ", peut jouer",
    ", kann ziehen",
    ", puede moverse",
];
/// A point's label: a defender may be placed there.
pub const PLACE_HERE: T = t![
    ", place {one_d} here",
    ", placer {one_d} ici",
    ", hier {one_d} setzen",
    ", colocar {one_d} aquí",
];

/// The status line while stepping back through the game.
pub const MOVE_OF: T = t![
    " (move {0} of {1})",
    " (coup {0} sur {1})",
    " (Zug {0} von {1})",
    " (jugada {0} de {1})",
];
/// The status line: one defender to place.
pub const PLACE_ONE: T = t![
    "{D}: place 1 {d1} in the fortress",
    "{D}\u{a0}: placez 1 {d1} dans la forteresse",
    "{D}: 1 {d1} in die Festung setzen",
    "{D}: coloquen 1 {d1} en la fortaleza",
];
/// The status line: `{0}` defenders to place.
pub const PLACE_MANY: T = t![
    "{D}: place {0} {d} in the fortress",
    "{D}\u{a0}: placez {0} {d} dans la forteresse",
    "{D}: {0} {d} in die Festung setzen",
    "{D}: coloquen {0} {d} en la fortaleza",
];
/// The status line in a chain that may stop.
pub const JUMP_OR_STOP: T = t![
    "{D}: jump again, or stop here",
    "{D}\u{a0}: sautez encore, ou arrêtez-vous ici",
    "{D}: weiter springen oder hier anhalten",
    "{D}: salten otra vez o paren aquí",
];
/// The status line in a chain that must go on.
pub const JUMP_AGAIN: T = t![
    "{D}: jump again",
    "{D}\u{a0}: sautez encore",
    "{D}: weiter springen",
    "{D}: salten otra vez",
];
/// The status line: side `{s}` (played by `{0}`, if the computer) to move.
pub const TO_MOVE: T = t![
    "{S}{0} to move",
    "Aux {s}{0} de jouer",
    "{The_s}{0} sind am Zug",
    "Juegan {the_s}{0}",
];
/// Who plays a side, after its name in the status line.
pub const BY_COMPUTER: T = t![
    " (computer, {0})",
    " (ordinateur, {0})",
    " (Computer, {0})",
    " (ordenador, {0})",
];

/// The end: fewer than `{0}` attackers remain.
pub const WIN_REDUCED: T = t![
    "{D} win: fewer than {0} {a} remain.",
    "{The_d} gagnent\u{a0}: il reste moins de {0} {a}.",
    "{The_d} gewinnen: weniger als {0} {a} sind übrig.",
    "Ganan {the_d}: quedan menos de {0} {a}.",
];
/// The end: the fortress is full.
pub const WIN_FILLED: T = t![
    "{A} win: they fill the fortress.",
    "{The_a} gagnent\u{a0}: ils remplissent la forteresse.",
    "{The_a} gewinnen, denn sie füllen die Festung.",
    "Ganan {the_a}: llenan la fortaleza.",
];
/// The end: no defender is left.
pub const WIN_NONE_LEFT: T = t![
    "{A} win: no {d1} is left.",
    "{The_a} gagnent\u{a0}: il ne reste aucun {d1}.",
    "{The_a} gewinnen: Kein {d1} ist übrig.",
    "Ganan {the_a}: no queda ningún {d1}.",
];
/// The end: the defenders cannot move.
pub const WIN_TRAPPED: T = t![
    "{A} win: {the_d} are trapped and cannot move.",
    "{The_a} gagnent\u{a0}: {the_d} sont bloqués et ne peuvent plus bouger.",
    "{The_a} gewinnen: {The_d} sind eingeschlossen und können nicht ziehen.",
    "Ganan {the_a}: {the_d} están atrapados y no pueden moverse.",
];
/// The end: the attackers cannot move.
pub const WIN_STUCK: T = t![
    "{D} win: {the_a} cannot move.",
    "{The_d} gagnent\u{a0}: {the_a} ne peuvent plus bouger.",
    "{The_d} gewinnen: {The_a} können nicht ziehen.",
    "Ganan {the_d}: {the_a} no pueden moverse.",
];
/// The end: a position seen three times.
pub const DRAW: T = t![
    "Draw: the same position has stood three times.",
    "Partie nulle\u{a0}: la même position s’est présentée trois fois.",
    "Remis: Dieselbe Stellung stand dreimal auf dem Brett.",
    "Tablas: la misma posición se ha repetido tres veces.",
];

/// The computer's line: its worker failed for reason `{0}`.
pub const COMPUTER_STOPPED: T = t![
    "The computer stopped ({0}); both sides are played at this screen.",
    "L’ordinateur s’est arrêté ({0})\u{a0}; les deux camps se jouent sur cet écran.",
    "Der Computer hat aufgehört ({0}); beide Seiten werden an diesem Bildschirm gespielt.",
    "El ordenador se ha detenido ({0}); los dos bandos se juegan en esta pantalla.",
];
/// The computer's line while it looks for a hint.
pub const LOOKING: T = t![
    "Looking for a hint",
    "Recherche d’un conseil",
    "Suche nach einem Tipp",
    "Buscando una pista",
];
/// The computer's line while it looks for its move.
pub const THINKING: T = t!["Thinking", "Réflexion", "Denkt nach", "Pensando"];
/// The computer's line: `{0}` what it does, `{1}` plies, `{2}` its best move.
pub const PROGRESS: T = t![
    "{0}… {1} plies deep, best so far {2}.",
    "{0}… {1} demi-coups de profondeur, meilleur coup pour l’instant {2}.",
    "{0}… {1} Halbzüge tief, bisher bester Zug {2}.",
    "{0}… {1} medias jugadas de profundidad, la mejor hasta ahora {2}.",
];
/// The computer's line: the hint it found.
pub const HINT: T = t![
    "Hint: {0}.",
    "Conseil\u{a0}: {0}.",
    "Tipp: {0}.",
    "Pista: {0}.",
];
/// The computer's line while it is paused.
pub const PAUSED: T = t![
    "The computer is paused.",
    "L’ordinateur est en pause.",
    "Der Computer pausiert.",
    "El ordenador está en pausa.",
];

/// After Share: the link is on the clipboard.
pub const COPIED: T = t![
    "Link copied: send it, and the game goes with it.",
    "Lien copié\u{a0}: envoyez-le, la partie part avec lui.",
    "Link kopiert: Schicken Sie ihn ab, die Partie reist mit.",
    "Enlace copiado: envíalo y la partida irá con él.",
];
/// After Share: the clipboard refused.
pub const NOT_COPIED: T = t![
    "The browser would not copy the link: copy the page address instead.",
    "Le navigateur n’a pas copié le lien\u{a0}: copiez plutôt l’adresse de la page.",
    "Der Browser hat den Link nicht kopiert: Kopieren Sie stattdessen die Adresse der Seite.",
    "El navegador no ha copiado el enlace: copia la dirección de la página.",
];
/// Play by link: the reader plays side `{s}` now.
pub const YOUR_MOVE: T = t![
    "Your move as {the_s}: send the link back when you have played.",
    "À vous de jouer avec {the_s}\u{a0}: renvoyez le lien une fois votre coup joué.",
    "Ihr Zug ({s}): Schicken Sie den Link zurück, wenn Sie gezogen haben.",
    "Te toca con {the_s}: devuelve el enlace cuando hayas jugado.",
];
/// Play by link: the reader has played.
pub const YOUR_REPLY: T = t![
    "Your reply is in the link: press Share and send it back.",
    "Votre réponse est dans le lien\u{a0}: appuyez sur Partager et renvoyez-le.",
    "Ihre Antwort steckt im Link: Drücken Sie auf Teilen und schicken Sie ihn zurück.",
    "Tu respuesta está en el enlace: pulsa Compartir y devuélvelo.",
];

/// The captured count, when any number of captures may be made.
pub const CAPTURED_OF: T = t![
    "{A} captured: {0} of {1}.",
    "{A} pris\u{a0}: {0} sur {1}.",
    "Geschlagene {a}: {0} von {1}.",
    "{A} capturados: {0} de {1}.",
];
/// The captured count, and how many more the defenders need.
pub const CAPTURED_NEED: T = t![
    "{A} captured: {0} of {1}; {the_d} win after {2} more.",
    "{A} pris\u{a0}: {0} sur {1}\u{a0}; {the_d} gagnent après {2} de plus.",
    "Geschlagene {a}: {0} von {1}; {the_d} gewinnen nach {2} weiteren.",
    "{A} capturados: {0} de {1}; {the_d} ganan tras {2} más.",
];
/// The last two items of a list.
pub const AND: T = t!["{0} and {1}", "{0} et {1}", "{0} und {1}", "{0} y {1}"];
/// A move as it is announced: side `{s}` played `{0}`.
pub const SAID: T = t!["{S}: {0}.", "{S}\u{a0}: {0}.", "{S}: {0}.", "{S}: {0}."];
/// One attacker captured, on `{0}`.
pub const TOOK_ONE: T = t![
    "Captured 1 {a1} ({0}).",
    "1 {a1} pris ({0}).",
    "1 {a1} geschlagen ({0}).",
    "1 {a1} capturado ({0}).",
];
/// `{0}` attackers captured, on `{1}`.
pub const TOOK_MANY: T = t![
    "Captured {0} {a} ({1}).",
    "{0} {a} pris ({1}).",
    "{0} {a} geschlagen ({1}).",
    "{0} {a} capturados ({1}).",
];
/// A defender on `{0}` huffed for not capturing.
pub const HUFFED_ONE: T = t![
    "{The_d1} on {0} was removed (huffed) for failing to capture.",
    "{The_d1} en {0} a été soufflé (retiré) pour ne pas avoir pris.",
    "{The_d1} auf {0} wurde entfernt (gepustet), weil er nicht geschlagen hat.",
    "{The_d1} en {0} ha sido soplado (retirado) por no capturar.",
];
/// Defenders on `{0}` huffed for not capturing.
pub const HUFFED_MANY: T = t![
    "{The_d} on {0} were removed (huffed) for failing to capture.",
    "{The_d} en {0} ont été soufflés (retirés) pour ne pas avoir pris.",
    "{The_d} auf {0} wurden entfernt (gepustet), weil sie nicht geschlagen haben.",
    "{The_d} en {0} han sido soplados (retirados) por no capturar.",
];
/// A defender on `{0}` huffed for taking fewer than it could.
pub const HUFFED_ONE_FEWER: T = t![
    "{The_d1} on {0} was removed (huffed) for not taking as many {a} as it could.",
    "{The_d1} en {0} a été soufflé (retiré) pour avoir pris moins de {a} qu’il ne pouvait.",
    "{The_d1} auf {0} wurde entfernt (gepustet), weil er weniger {a} geschlagen hat, als er konnte.",
    "{The_d1} en {0} ha sido soplado (retirado) por capturar menos {a} de los que podía.",
];
/// Defenders on `{0}` huffed for taking fewer than they could.
pub const HUFFED_MANY_FEWER: T = t![
    "{The_d} on {0} were removed (huffed) for not taking as many {a} as they could.",
    "{The_d} en {0} ont été soufflés (retirés) pour avoir pris moins de {a} qu’ils ne pouvaient.",
    "{The_d} auf {0} wurden entfernt (gepustet), weil sie weniger {a} geschlagen haben, als sie konnten.",
    "{The_d} en {0} han sido soplados (retirados) por capturar menos {a} de los que podían.",
];

/// Refused: one defender, on `{0}`, must jump.
pub const MUST_JUMP_ONE: T = t![
    "A capture is compulsory: {the_d1} on {0} must jump.",
    "La prise est obligatoire\u{a0}: {the_d1} en {0} doit sauter.",
    "Schlagen ist Pflicht: {The_d1} auf {0} muss springen.",
    "Capturar es obligatorio: {the_d1} en {0} debe saltar.",
];
/// Refused: one of the defenders on `{0}` must jump.
pub const MUST_JUMP_SOME: T = t![
    "A capture is compulsory: one of {the_d} on {0} must jump.",
    "La prise est obligatoire\u{a0}: l’un des {d} en {0} doit sauter.",
    "Schlagen ist Pflicht: Einer der {d} auf {0} muss springen.",
    "Capturar es obligatorio: uno de {the_d} en {0} debe saltar.",
];
/// Refused: the game has ended.
pub const GAME_OVER: T = t![
    "The game is over: undo or start a new game to play on.",
    "La partie est finie\u{a0}: annulez un coup ou commencez une nouvelle partie pour continuer.",
    "Die Partie ist zu Ende: Nehmen Sie einen Zug zurück oder beginnen Sie eine neue Partie.",
    "La partida ha terminado: deshaz una jugada o empieza una nueva para seguir.",
];
/// Refused: a defender placed outside the fortress.
pub const PLACE_INSIDE: T = t![
    "{D} are placed inside the fortress.",
    "{The_d} se placent dans la forteresse.",
    "{The_d} werden in die Festung gesetzt.",
    "{The_d} se colocan dentro de la fortaleza.",
];
/// Refused: a defender placed on `{0}`, which is taken.
pub const PLACE_TAKEN: T = t![
    "{0} is taken: place {the_d1} on an empty fortress point.",
    "{0} est occupé\u{a0}: placez {the_d1} sur un point libre de la forteresse.",
    "{0} ist besetzt: Nur freie Punkte der Festung kommen in Frage.",
    "{0} está ocupado: coloca {the_d1} en un punto libre de la fortaleza.",
];
/// Refused: a piece of side `{s}`, not of the side to move.
pub const NOT_YOUR_TURN: T = t![
    "It is {the_s}' turn.",
    "C’est au tour des {s}.",
    "{The_s} sind am Zug.",
    "Es el turno de {the_s}.",
];
/// Refused: the piece of side `{s}` on `{0}` has no move.
pub const CANNOT_MOVE: T = t![
    "{The_s1} on {0} cannot move.",
    "{The_s1} en {0} ne peut pas bouger.",
    "{The_s1} auf {0} kann nicht ziehen.",
    "{The_s1} en {0} no puede moverse.",
];
/// Refused: `{0}` is taken.
pub const TAKEN: T = t![
    "{0} is taken.",
    "{0} est occupé.",
    "{0} ist besetzt.",
    "{0} está ocupado.",
];
/// Refused: a chain goes on from `{0}` by a jump.
pub const JUMPS_ON: T = t![
    "{The_d1} jumps on from {0}: over {one_a} to the empty point beyond.",
    "{The_d1} continue depuis {0}\u{a0}: par-dessus {one_a} jusqu’au point libre derrière.",
    "{The_d1} springt von {0} weiter: über {one_a} auf den freien Punkt dahinter.",
    "{The_d1} sigue desde {0}: por encima de {one_a} hasta el punto libre de detrás.",
];
/// Refused: an attacker's step from `{1}` to `{0}`, not its neighbour.
pub const NOT_NEXT: T = t![
    "{One_a} steps along a line to the next point; {0} is not next to {1}.",
    "{One_a} avance le long d’une ligne jusqu’au point voisin\u{a0}; {0} n’est pas voisin de {1}.",
    "{The_a} ziehen entlang einer Linie zum nächsten Punkt; {0} liegt nicht neben {1}.",
    "{One_a} avanza por una línea hasta el punto vecino; {0} no está junto a {1}.",
];
/// Refused: a defender's move to `{0}`, too far.
pub const OUT_OF_REACH: T = t![
    "{0} is out of reach: {one_d} steps along a line to the next point, or jumps over {one_a} to the empty point beyond.",
    "{0} est hors de portée\u{a0}: {one_d} avance d’un point le long d’une ligne, ou saute par-dessus {one_a} jusqu’au point libre derrière.",
    "{0} ist außer Reichweite: {The_d} ziehen entlang einer Linie zum nächsten Punkt oder springen über {one_a} auf den freien Punkt dahinter.",
    "{0} está fuera de alcance: {one_d} avanza un punto por una línea o salta por encima de {one_a} hasta el punto libre de detrás.",
];
/// Refused: the piece of side `{s}` on `{0}` may not go to `{1}`.
pub const CANNOT_GO: T = t![
    "{The_s1} on {0} cannot go to {1}.",
    "{The_s1} en {0} ne peut pas aller en {1}.",
    "{The_s1} auf {0} kann nicht nach {1}.",
    "{The_s1} en {0} no puede ir a {1}.",
];
/// Refused: a marked line.
pub const NO_MARKED: T = t![
    "In this game {a} may not move along the marked (dashed) lines.",
    "Dans cette partie, {the_a} ne peuvent pas suivre les lignes marquées (en tirets).",
    "In diesem Spiel dürfen {the_a} nicht auf den markierten (gestrichelten) Linien ziehen.",
    "En este juego {the_a} no pueden moverse por las líneas marcadas (discontinuas).",
];
/// Refused: an attacker leaving the fortress.
pub const NO_LEAVING: T = t![
    "In this game {one_a} in the fortress may not leave it.",
    "Dans cette partie, {one_a} entré dans la forteresse ne peut plus en sortir.",
    "In diesem Spiel dürfen {the_a} die Festung nicht mehr verlassen, wenn sie darin stehen.",
    "En este juego {one_a} que está en la fortaleza no puede salir de ella.",
];
/// Refused: an attacker's step not towards the fortress.
pub const MARCH_FORWARD: T = t![
    "In this game {a} only march towards the fortress.",
    "Dans cette partie, {the_a} ne marchent que vers la forteresse.",
    "In diesem Spiel ziehen {the_a} nur auf die Festung zu.",
    "En este juego {the_a} solo avanzan hacia la fortaleza.",
];
/// Refused: an attacker's step away from the fortress.
pub const MARCH_NOT_AWAY: T = t![
    "In this game {a} may not step away from the fortress.",
    "Dans cette partie, {the_a} ne peuvent pas s’éloigner de la forteresse.",
    "In diesem Spiel dürfen sich {the_a} nicht von der Festung entfernen.",
    "En este juego {the_a} no pueden alejarse de la fortaleza.",
];
/// Refused: an attacker's step backwards.
pub const MARCH_NOT_BACKWARD: T = t![
    "In this game {a} may not step backwards.",
    "Dans cette partie, {the_a} ne peuvent pas reculer.",
    "In diesem Spiel dürfen {the_a} nicht rückwärts ziehen.",
    "En este juego {the_a} no pueden retroceder.",
];
