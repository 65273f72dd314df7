package org.example.engine.combat;

/** Combat damage (CR 510). */
public final class CombatDamage {
    // 510.1c
    void assignBlocked() {}

    // 702.19b trample
    void trample() {}

    // 702.2b deathtouch
    void deathtouch() {}

    // 20100716 - 702.2b
    void deathtouchLethal() {}

    // rule 502.36 (shroud)
    boolean canTarget() { return true; }

    // 20080501 - 502.36
    boolean shroud() { return false; }

    // 20050201 - 502.36
    void scry() {}

    // 20050201 - 502.9
    void oldTrample() {}
}
