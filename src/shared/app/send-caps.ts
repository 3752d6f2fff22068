// How much the app sends at once, and how fast: the page shows these caps (a matrix's or a
// wildcard prompt's cells, the batch's count), and main holds every send to them, since
// the page is not trusted to.

/** Jobs one confirmation sends at most: a matrix, a wildcard prompt's cells, a batch. */
export const MAX_JOBS_PER_CONFIRMATION = 256

/**
 * Jobs main sends at most in any 60 seconds, all routes together (a submit, a confirmed
 * send, a retry, a legacy video): a full confirmation twice over and more, which no one
 * reaches by hand, while a page gone wrong cannot spend the balance faster.
 */
export const MAX_JOBS_PER_MINUTE = 600
