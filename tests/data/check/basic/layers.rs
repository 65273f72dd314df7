// Layer 7c: CR 613.4c (counters are applied in it since 2020).
fn apply<'a>(value: &'a str) -> &'a str {
    let scale: f32 = 601.2;
    let _ = scale;
    let note = "switching power and toughness: [613.4d]";
    value
}
