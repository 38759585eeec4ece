//! The languages' tests: placeholders, side names, word files installed and read.

use super::*;

const M: T = t!["{The_s} move; {0} of {the_d1}"];
const ONE: T = t!["{One_a} or {one_d}"];

/// M's and ONE's translations, in a section of their own.
fn translate() {
    for (lang, m, one) in [
        (Lang::Fr, "Aux {s} de jouer ; {0} de {the_a1}", "{one_a}"),
        (Lang::De, "{The_s} sind am Zug; {0}", "{one_a} und {one_d}"),
        (Lang::Es, "Juegan {the_s}: {1}", "{one_d1}"),
    ] {
        install_files(lang);
        install_section(lang, M.section(), &[(M.en, m), (ONE.en, one)]);
    }
}

#[test]
fn tags_choose_a_language() {
    assert_eq!(Lang::from_tag("fr-CA"), Some(Lang::Fr));
    assert_eq!(Lang::from_tag("DE"), Some(Lang::De));
    assert_eq!(Lang::from_tag("es_419"), Some(Lang::Es));
    assert_eq!(Lang::from_tag("it"), None);
    assert_eq!(Lang::first_of(["it", "pt-BR", "de-AT", "fr"]), Lang::De);
    assert_eq!(Lang::first_of(["it"]), Lang::En);
}

#[test]
fn placeholders_take_arguments_and_side_names() {
    translate();
    let say = Say::new(Lang::En, Preset::Asalto);
    assert_eq!(
        say.of(Side::Attacker).f(&M, &["one"]),
        "The rebels move; one of the officer"
    );
    let say = Say::new(Lang::Fr, Preset::Assault);
    assert_eq!(
        say.of(Side::Attacker).f(&M, &["un"]),
        "Aux assaillants de jouer ; un de l’assaillant"
    );
    let say = Say::new(Lang::De, Preset::Assaut);
    assert_eq!(say.f(&M, &[]), "Die Offiziere sind am Zug; {0}");
    let say = Say::new(Lang::Es, Preset::Sharpshooters);
    assert_eq!(
        say.of(Side::Attacker).f(&M, &["x", "y"]),
        "Juegan los soldados: y"
    );
    assert_eq!(capitalise("élan"), "Élan");
    // As Unicode does it, for every letter the four languages write.
    for c in ('a'..='z').chain('à'..='þ').filter(|&c| c != '÷') {
        assert_eq!(capitalise(&c.to_string()), c.to_uppercase().to_string());
    }
    assert_eq!(capitalise("ñandú"), "Ñandú");
    assert_eq!(capitalise("1 x"), "1 x");
    let one = ONE;
    let say = Say::new(Lang::En, Preset::Assault);
    assert_eq!(say.t(&one), "An attacker or a defender");
    let say = Say::new(Lang::De, Preset::Asalto);
    assert_eq!(say.t(&one), "einen Rebellen und einen Offizier");
    let say = Say::new(Lang::Es, Preset::Asalto);
    assert_eq!(say.t(&one), "{one_d1}", "no indefinite of one");
}
