package org.example.engine.target;

/**
 * Choosing targets. See rules 115.1, 115.2 and 115.3.
 */
public final class TargetSelector {
    // CR 601.2c
    void choose() {}

    // 608.2b
    boolean stillLegal() { return true; }

    // 20100716 - 114.1
    void declare() {}

    // 20100716 - 115.1
    void special() {}
}
