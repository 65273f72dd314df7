// Links from card text to the rules.
const BASE = "https://example.com/rules/601.2f";
const seats = new Array(233);
console.log("seat [233] ready");

// [702.19b]
export function trample() {}

// 20100716 - 601.2f
export function mana() {}

/* 2010-07-16: CR 601.2f */
export function manaAgain() {}

// see rules 119.7–8
export function loseLife() {}
