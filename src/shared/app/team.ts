// The team's jobs as the Queue's team view shows them, and who may see them: the service
// lists the whole team's jobs to its admins and owners only.
import { z } from 'zod'
import { jobStatus } from '../api/resources'

const TEAM_ROLES: readonly string[] = ['ADMIN', 'OWNER']

export function canSeeTeam(role: string | null | undefined): boolean {
  return !!role && TEAM_ROLES.includes(role)
}

export const teamJobSchema = z.object({
  jobId: z.string(),
  model: z.string(),
  status: jobStatus,
  progress: z.number().nullable(),
  creditCost: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable()
})
export type TeamJob = z.infer<typeof teamJobSchema>
