//! The options' tests: attributes, fragments, problems, the embed code and what a board tells its page.

use super::*;
use asalto_core::{Game, Record, Tree};

fn read(pairs: &[(&str, &str)]) -> Embed {
    Embed::read(&|name| {
        pairs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| (*v).to_owned())
    })
}

#[test]
fn each_problem_is_named_in_each_language() {
    let bad = Embed::from_fragment("colour=red&mode=fly&ply=x&moves=%zz").problems;
    let view = Embed::from_fragment("mode=view&computer=attacker").problems;
    assert_eq!((bad.len(), view.len()), (4, 1), "{bad:?} {view:?}");
    for problem in bad.iter().chain(&view) {
        let english = problem.text(Lang::En);
        for lang in Lang::ALL {
            let text = problem.text(lang);
            assert!(!text.contains(['{', '}']), "{text}");
            assert!(lang == Lang::En || text != english, "{text}");
        }
    }
    let e = Embed::read(&|name| (name == "mode").then(|| "fly".to_owned()));
    assert!(
        e.problems[0]
            .text(Lang::De)
            .starts_with("Das Attribut mode „fly“")
    );
}

#[test]
fn a_language_is_asked_for_by_its_tag() {
    assert_eq!(
        Embed::from_fragment("lang=fr-CA&mode=view").lang,
        Some(Lang::Fr)
    );
    let italian = Embed::from_fragment("lang=it");
    assert_eq!((italian.lang, italian.problems.len()), (None, 0));
    assert_eq!(Embed::read(&|_| None).lang, None);
}

#[test]
fn no_attributes_give_the_standard_game_to_play() {
    let e = read(&[]);
    assert_eq!(e.mode, Mode::Play);
    assert_eq!(e.record(), "assault");
    assert_eq!(e.controls, Control::defaults(Mode::Play));
    assert_eq!(e.players(), [Player::Human, Player::Human]);
    assert!(e.problems.is_empty());
}

#[test]
fn attributes_are_read() {
    let e = read(&[
        ("rules", "royal-garrison"),
        ("moves", "d6-d7+c7-c6"),
        ("mode", "Replay"),
        ("controls", "back, forward moves back"),
        ("ply", "1"),
    ]);
    assert_eq!(e.record(), "royal-garrison d6-d7 c7-c6");
    assert_eq!(e.mode, Mode::Replay);
    assert_eq!(
        e.controls,
        [Control::Back, Control::Forward, Control::Moves]
    );
    assert_eq!(e.ply, Some(1));
    assert!(e.problems.is_empty(), "{:?}", e.problems);
    let e = read(&[("computer", "defender"), ("level", "marshal")]);
    assert_eq!(
        e.players(),
        [Player::Human, Player::Computer(Level::Marshal)]
    );
    let e = read(&[("computer", "attacker"), ("level", "1")]);
    assert_eq!(
        e.players(),
        [Player::Computer(Level::Recruit), Player::Human]
    );
    assert_eq!(read(&[("controls", "none")]).controls, []);
    let e = read(&[("moves", "asalto @c5 @e5")]);
    assert_eq!(e.record(), "asalto @c5 @e5", "a whole record in moves");
    assert_eq!(read(&[("controls", "all")]).controls.len(), 13);
}

#[test]
fn bad_attributes_are_named_and_replaced_by_defaults() {
    let e = read(&[
        ("mode", "fly"),
        ("controls", "back jump"),
        ("computer", "both"),
        ("level", "9"),
        ("ply", "-1"),
    ]);
    assert_eq!(e.mode, Mode::Play);
    assert_eq!(e.controls, [Control::Back]);
    assert_eq!(e.computer, None);
    assert_eq!(e.level, DEFAULT_LEVEL);
    assert_eq!(e.ply, None);
    assert_eq!(e.problems.len(), 5, "{:?}", e.problems);
    assert!(
        e.problems[0].text(Lang::En).contains("mode")
            && e.problems[0].text(Lang::En).contains("\"fly\"")
    );
    assert!(e.problems[1].text(Lang::En).contains("jump"));
    let e = read(&[("mode", "view"), ("computer", "attacker")]);
    assert_eq!(e.computer, None);
    assert!(e.problems[0].text(Lang::En).contains("only plays"));
}

#[test]
fn a_fragment_gives_the_same_options() {
    let e = Embed::from_fragment("#rules=royal-garrison&moves=d6-d7+c7-c6&mode=view");
    assert_eq!(e.record(), "royal-garrison d6-d7 c7-c6");
    assert_eq!(e.mode, Mode::View);
    assert!(e.problems.is_empty(), "{:?}", e.problems);
    let e = Embed::from_fragment("asalto+@c5+@e5");
    assert_eq!(e.record(), "asalto @c5 @e5");
    assert!(e.problems.is_empty());
    let e = Embed::from_fragment("colour=red&mode=%zz&level=9");
    assert_eq!(e.problems.len(), 3, "{:?}", e.problems);
    assert!(
        e.problems[0]
            .text(Lang::En)
            .contains("\"colour\" is not an option")
    );
    assert!(e.problems[1].text(Lang::En).contains("garbled"));
    assert_eq!(Embed::from_fragment(""), read(&[]));
}

#[test]
fn attributes_read_as_the_element_names_them_and_a_fragment_wins() {
    let attributes = Attributes {
        rules: Some("royal-garrison".to_owned()),
        mode: Some("replay".to_owned()),
        ply: Some("1".to_owned()),
        ..Attributes::default()
    };
    let embed = attributes.embed();
    assert_eq!(embed.rules, "royal-garrison");
    assert_eq!(embed.mode, Mode::Replay);
    assert_eq!(embed.ply, Some(1));
    let fragment = Attributes {
        fragment: Some("#mode=view".to_owned()),
        ..attributes
    };
    assert_eq!(fragment.embed().mode, Mode::View);
    assert_eq!(fragment.embed().rules, "");
}

#[test]
fn a_board_says_what_it_shows() {
    let record: Record = "assault d4-d5 c5-d4 (c5-d6)".parse().expect("record");
    let game = Game::from_record(&record).expect("legal");
    let tree = Tree::annotated(&game, &record).0;
    let c5d6 = tree.numbered(3).expect("a move");
    assert_eq!(
        Shown::of(&tree.game(c5d6), &tree, c5d6),
        Shown {
            record: "assault d4-d5 c5-d4 (c5-d6)".to_owned(),
            ply: 2,
            at: 3,
            moves: 2,
            result: None,
        }
    );
}

#[test]
fn the_game_page_s_link_fragment_is_taken_as_it_is() {
    for (fragment, record) in [
        ("#assault;chain=single+d4-d5", "assault;chain=single d4-d5"),
        ("asalto+@c5+@e5", "asalto @c5 @e5"),
        (
            "#assault+d4-d5+%7Bthe+usual%7D",
            "assault d4-d5 {the usual}",
        ),
    ] {
        let e = Embed::from_fragment(fragment);
        assert_eq!(e.problems, vec![], "{fragment}");
        assert_eq!(e.record(), record, "{fragment}");
    }
}

#[test]
fn the_embed_code_shows_the_game_and_its_move() {
    let record: Record = "assault;chain=single d4-d5 {a \"quoted\" <b> & more} c5-d4 (c5-d6)"
        .parse()
        .expect("record");
    let tree = Tree::annotated(&Game::from_record(&record).expect("legal"), &record).0;
    let address = "https://example.org/asalto/embed.html";
    let variation = embed_code(&tree, tree.numbered(3).expect("a move"), address);
    assert!(
        variation.contains(" at=\"3\">") && variation.ends_with("&at=3"),
        "{variation}"
    );
    assert_eq!(
        Embed::from_fragment(variation.split_once('#').expect("#").1).at,
        Some(3)
    );
    let code = embed_code(&tree, tree.numbered(1).expect("a move"), address);
    let [element, address] = code.lines().collect::<Vec<_>>()[..] else {
        panic!("{code}");
    };
    assert_eq!(
        element,
        "<asalto-board moves=\"assault;chain=single d4-d5 {a &quot;quoted&quot; &lt;b> &amp; more} c5-d4 (c5-d6)\" mode=\"replay\" ply=\"1\"></asalto-board>"
    );
    // The address opens the same game at the same move.
    let fragment = address.split_once('#').expect("a fragment").1;
    let embed = Embed::from_fragment(fragment);
    assert_eq!(embed.problems, vec![]);
    assert_eq!(embed.record(), record.to_string());
    assert_eq!((embed.mode, embed.ply), (Mode::Replay, Some(1)));
}

#[test]
fn a_board_names_the_sides_as_its_article_does() {
    let read = |value: &str| {
        let attributes = Attributes {
            sides: Some(value.to_owned()),
            ..Attributes::default()
        };
        attributes.embed()
    };
    assert_eq!(read("rebels").sides, Some(Naming::RebelsOfficers));
    assert_eq!(read(" Soldiers ").sides, Some(Naming::SoldiersOfficers));
    let bad = read("knights");
    assert_eq!(bad.sides, None);
    assert_eq!(
        bad.problems[0].text(Lang::En),
        "The sides attribute \"knights\" is not one of attackers, rebels, soldiers; it is ignored."
    );
    let say = Say::new(Lang::En, asalto_core::Preset::Assault).named(Some(Naming::RebelsOfficers));
    assert_eq!(
        say.t(&crate::words::play::LEGEND),
        "Dashed lines: rebels may not step along them."
    );
}

#[test]
fn a_lesson_or_a_puzzle_is_a_mode_too() {
    let course = read(&[("mode", "lesson")]);
    assert_eq!(
        (course.mode, course.lesson, course.puzzle),
        (Mode::Play, Some(1), None)
    );
    let third = read(&[("mode", "lesson"), ("lesson", "3")]);
    assert_eq!(third.lesson, Some(3));
    let out = read(&[("mode", "lesson"), ("lesson", "99")]);
    assert_eq!((out.lesson, out.problems.len()), (Some(1), 1));
    let day = read(&[("mode", "puzzle")]);
    assert_eq!((day.lesson, day.puzzle), (None, Some(PuzzleChoice::Today)));
    let tenth = Embed::from_fragment("mode=puzzle&puzzle=10");
    assert_eq!(tenth.puzzle, Some(PuzzleChoice::Number(10)));
    // Without the mode, a bad number shows no lesson at all, as before.
    assert_eq!(read(&[("lesson", "99")]).lesson, None);
    let fly = read(&[("mode", "fly")]);
    assert!(
        fly.problems[0]
            .text(Lang::En)
            .contains("play, replay, view, lesson, puzzle")
    );
}
