package engine;

/**
 * Casting a spell, one step per method (CR 601.2a–h).
 */
public final class Casting {
    // 20100716 - 601.2f
    void activateManaAbilities() {}

    // 20100716 - 601.2a
    void announce() {}

    float scale = 100.5f;
    String note = "see CR 601.2z";
    int deckSize = 100;
    String version = "1.601.2";
}
