// Main's hold on the spending limits. Every send that costs credits (Create, a confirmed
// batch or matrix, a result's run again, a retry, a legacy video, the command line's
// submit) reserves its estimate here before it is journaled, and is refused whole when it
// would pass the daily or the monthly limit. The check and the reservation are one
// synchronous step, so sends racing for the last credits of a limit go exactly as far as
// they fit. A reservation lasts until its job is in the journal, which counts it from then
// on (see spend-ledger), or until the send is given up.
import { AppFailure } from '../../../shared/app/app-failure'
import { NO_LIMITS, type SpendLimits, type SpendStanding } from '../../../shared/app/spend-limits'
import type { JobRecord } from './job-record'
import { standingOf } from './spend-ledger'
import { createFormatters } from '../../../shared/i18n/format'

/** In the English of these messages until they move into the catalogs. */
const credits = createFormatters('en-US').number

/** The sentences of a refusal, each whole. */
const SAY = {
  daily: (limit: number, spent: number, cost: number) => `Daily limit of ${credits(limit)} credits: ${credits(spent)} spent today, this send costs ${credits(cost)} — nothing was sent.`,
  monthly: (limit: number, spent: number, cost: number) => `Monthly limit of ${credits(limit)} credits: ${credits(spent)} spent this month, this send costs ${credits(cost)} — nothing was sent.`,
  dailyUsedUp: (limit: number, spent: number) => `Daily limit of ${credits(limit)} credits: ${credits(spent)} spent today, and a LoRA training's cost is not known before it starts — nothing was sent.`,
  monthlyUsedUp: (limit: number, spent: number) => `Monthly limit of ${credits(limit)} credits: ${credits(spent)} spent this month, and a LoRA training's cost is not known before it starts — nothing was sent.`,
  askFirst: (cost: number, threshold: number) => `This send costs ${credits(cost)} credits, above your ask-first threshold of ${credits(threshold)} — send?`
}

/**
 * A send refused by a spending limit (`over_limit`), or held until the user confirms it
 * (`ask_first`). Nothing of it was journaled or sent.
 */
export class SpendRefusal extends AppFailure {
  constructor(
    readonly reason: 'daily' | 'monthly' | 'ask_first',
    readonly cost: number,
    /** The limit or the threshold passed. */
    readonly limit: number,
    message: string
  ) {
    super(reason === 'ask_first' ? 'ask_first' : 'over_limit', message)
  }
}

/** Credits held for one job about to be journaled. */
export class SpendSlot {
  #recordId: string | null = null
  constructor(
    readonly cost: number,
    private readonly onRelease: (slot: SpendSlot) => void
  ) {}

  get recordId(): string | null {
    return this.#recordId
  }

  /** Names the journal record it becomes: once the journal has that record, it counts the credits instead. */
  bind(recordId: string): void {
    this.#recordId = recordId
  }

  /** The job is in the journal, or will not be: the hold ends. Safe to call twice. */
  release(): void {
    this.onRelease(this)
  }
}

/** How a send stands to the limits: credits already held for it, or whether the user said yes to its cost. */
export interface SpendChoice {
  slot?: SpendSlot
  confirmed?: boolean
}

export interface SpendGuardOptions {
  records(): readonly JobRecord[]
  /** Whether the journal holds this record now. */
  has(id: string): boolean
  limits?(): SpendLimits
  now?(): number
}

export class SpendGuard {
  private readonly held = new Set<SpendSlot>()

  constructor(private readonly opts: SpendGuardOptions) {}

  /** The limits and what is used of them now, reservations on their way included. */
  standing(): SpendStanding {
    return standingOf(this.opts.records(), this.opts.limits?.() ?? NO_LIMITS, this.now(), this.heldCredits())
  }

  /**
   * Holds `costs` (one per job) as one send: all of them, or, when their sum would pass a
   * limit or (unconfirmed) the ask-first threshold, none, with a SpendRefusal naming it.
   */
  reserve(costs: readonly number[], confirmed = false): SpendSlot[] {
    const cost = costs.reduce((a, b) => a + b, 0)
    const s = this.standing()
    if (s.daily !== null && s.spentToday + cost > s.daily) throw new SpendRefusal('daily', cost, s.daily, SAY.daily(s.daily, s.spentToday, cost))
    if (s.monthly !== null && s.spentThisMonth + cost > s.monthly) throw new SpendRefusal('monthly', cost, s.monthly, SAY.monthly(s.monthly, s.spentThisMonth, cost))
    if (!confirmed && s.askAbove !== null && cost > s.askAbove) throw new SpendRefusal('ask_first', cost, s.askAbove, SAY.askFirst(cost, s.askAbove))
    const slots = costs.map((c) => new SpendSlot(c, (slot) => this.held.delete(slot)))
    for (const slot of slots) this.held.add(slot)
    return slots
  }

  /**
   * For a send whose cost is not known before it starts (a LoRA training): refused when a
   * limit is already used up, and not counted, since the service does not say its price.
   */
  refuseWhenUsedUp(): void {
    const s = this.standing()
    if (s.daily !== null && s.spentToday >= s.daily) throw new SpendRefusal('daily', 0, s.daily, SAY.dailyUsedUp(s.daily, s.spentToday))
    if (s.monthly !== null && s.spentThisMonth >= s.monthly) throw new SpendRefusal('monthly', 0, s.monthly, SAY.monthlyUsedUp(s.monthly, s.spentThisMonth))
  }

  /** Reservations whose jobs the journal does not hold yet (once it does, it counts them). */
  private heldCredits(): number {
    let sum = 0
    for (const slot of this.held) if (slot.recordId === null || !this.opts.has(slot.recordId)) sum += slot.cost
    return sum
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now()
  }
}
