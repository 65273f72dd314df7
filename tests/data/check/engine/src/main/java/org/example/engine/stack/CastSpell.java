package org.example.engine.stack;

import java.util.List;

/**
 * Casting a spell, step by step (CR 601.2a–h).
 */
public final class CastSpell {
    private static final double VERSION = 601.2; // not a rule: a build number

    // 20100716 - 601.2a
    void announce() {}

    // 601.2c
    void chooseTargets() {}

    // 20100716 - 601.2e
    int totalCost() { return 0; }

    // 20100716 - 601.2f
    void manaAbilities() {}

    //20131313 - 601.2f
    void payMana() {}

    // 20100716 - 601.2f, 601.2a
    void restart() {}

    void fail() {
        throw new IllegalStateException("no such step: rule 601.2z");
    }

    float ratio = 100.5f; // 1.601.2 is a version, not a rule
}
