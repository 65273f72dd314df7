package org.example.engine.state;

/** State-based actions, checked whenever a player would receive priority. */
public final class StateBasedActions {
    private final int[] seats = new int[233]; // see seats[233] in the layout

    // 704.5a
    boolean zeroLife() { return false; }

    // 704.5b
    boolean emptyLibrary() { return false; }

    //20091005 - 704.5n, 702.14c
    void unattachAuras() {}

    //201300713 - 704.5k
    void legendRule() {}

    // 20130713 - 704.5k
    void legendRuleChoice() {}

    // 704.5z Roles
    void roles() {}

    // 20200601 - 704.5z
    void oldRoles() {}
}
