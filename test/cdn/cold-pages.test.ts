/**
 * The tests that open cold pages (a new browser context per run, through
 * test/support/cold-page-plugin.js), in one file. The plugin runs one cold
 * page at a time, whichever file asks (first-reply's rule is on CPU time, and
 * two cold pages side by side would each measure the other), so when these
 * were two files the runner gave both of its two slots to them while only one
 * page ran: one slot idle for the length of the shorter file. One file takes
 * one slot; the other runs the rest of the suite beside it.
 */
import './first-reply.suite.js';
import './final-drawn.suite.js';
