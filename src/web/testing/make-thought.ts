// The web's test doubles make their thoughts with the factory every test suite shares.
export { makeThought, makeThoughts, resetThoughtIds } from "../../../test-support/thought-factory";
