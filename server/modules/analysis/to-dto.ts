import type { AnalysisRequest } from '../../../contract/analysis';
import { analysisRequests } from '../../db/schema';

type RequestRow = typeof analysisRequests.$inferSelect;

export const notesOf = (metadata: unknown) => {
  const notes = (metadata as { notes?: unknown } | null)?.notes;
  return typeof notes === 'string' && notes ? notes : null;
};

export function toRequestDto(r: RequestRow): AnalysisRequest {
  return {
    id: r.id,
    playerId: r.playerId,
    requestType: r.requestType,
    status: r.status,
    hudlUrl: r.hudlUrl,
    startTime: r.startTime,
    season: r.season,
    positionId: r.positionId,
    maxSpeed: r.maxSpeed,
    igaScore: r.igaScore,
    rejectionReason: r.rejectionReason,
    analystComment: r.analystComment,
    creditRefunded: r.creditRefunded,
    notes: notesOf(r.metadata),
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
    maxSpeedPlusMinus: r.maxSpeedPlusMinus,
    methodLabel: r.methodLabel,
    overrideReason: r.overrideReason,
    sourceVideoId: r.sourceVideoId,
  };
}
