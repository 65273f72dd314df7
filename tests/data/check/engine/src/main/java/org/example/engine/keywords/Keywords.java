package org.example.engine.keywords;

/** Keyword abilities. */
public final class Keywords {
    private static final String[] NAMES = new String[123]; // NAMES[123] is the last slot

    // 702.18a
    boolean shroud() { return false; }

    // 20100716 - 702.18a
    boolean vigilance() { return false; }

    // 702.14c
    boolean landwalk() { return false; }

    // 20100716 - 702.17a
    boolean trample() { return false; }

    // CR 702.999
    boolean unknown() { return false; }
}
