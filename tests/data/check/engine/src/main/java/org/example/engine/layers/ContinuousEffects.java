package org.example.engine.layers;

/** Layers of continuous effects. */
public final class ContinuousEffects {
    // CR 613.10, 613.11
    void playersAndRules() {}

    // rule 613.3d
    void counters() {}

    // CR 613.1f
    void abilities() {}

    // 20100716 - 613.1f
    void abilitiesOld() {}

    // 20100716 - 613.10
    void gameRules() {}
}
