//! Every word the interface shows, in English, French, German and Spanish
//! (see [`crate::lang`] for the placeholders). Grouped by where they appear:
//! [`page`] the markup's words, [`play`] the words of play, [`rules`] the
//! rules, the sources and the New game dialog, [`link`] a game that could
//! not be opened whole and [`reasons`] the rules engine's reasons,
//! [`embed`] an embedded board's options it cannot use.

pub mod embed;
pub mod link;
pub mod page;
pub mod play;
pub mod reasons;
pub mod rules;

#[cfg(test)]
mod tests {
    use asalto_core::{Game, Preset};

    use crate::computer::Computer;
    use crate::explain;
    use crate::lang::{Lang, Say};
    use crate::pick::Pick;
    use crate::{teach, text};

    /// Everything the panel says about `game` in `lang`, refusals included.
    fn sayings(lang: Lang, game: &Game) -> Vec<String> {
        let legal = game.legal_moves();
        let mut said = vec![
            text::status(lang, game, &Pick::default(), &Computer::default()),
            text::captured(lang, game),
            text::said(lang, game),
            text::invite(lang, game, Some(game.ply()), None),
        ];
        let board = game.rules().board();
        for p in board.points().iter() {
            said.extend(teach::why_not(lang, game, &legal, &[], p));
            for from in game.position().attackers().iter().take(3) {
                said.extend(teach::why_not(lang, game, &legal, &[from], p));
            }
            let say = Say::new(lang, game.rules().preset);
            let targets = board.points();
            said.push(text::point_label(say, game.position(), p, &[], targets));
        }
        said
    }

    #[test]
    fn every_language_fills_every_message_and_says_it_its_own_way() {
        for &preset in Preset::ALL {
            let mut game = Game::new(&preset.rules()).expect("a preset's game");
            for _ in 0..40 {
                let english = sayings(Lang::En, &game);
                for lang in Lang::ALL {
                    let said = sayings(lang, &game);
                    let rules = explain::html(lang, game.rules());
                    for s in said.iter().chain([&rules]) {
                        assert!(!s.contains(['{', '}']), "{preset:?} {lang:?}: {s}");
                    }
                    if lang != Lang::En {
                        for (s, e) in said.iter().zip(&english) {
                            assert!(s != e || e.is_empty(), "{preset:?} {lang:?}: {s}");
                        }
                    }
                }
                let Some(m) = game.legal_moves().first().cloned() else {
                    break;
                };
                game.play(&m).expect("legal");
            }
        }
    }
}
