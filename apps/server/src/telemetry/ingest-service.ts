import type { IngestResult } from '@greenpod/contracts';
import type { Database } from '../db/database';
import { GroupCommitWriter } from './group-commit';
import { PodDirectory } from './pod-directory';
import { type PodIdentity, validateReadings } from './reading-validation';

/** The one path every reading takes, whether it came over HTTP or MQTT. */
export class IngestService {
  readonly pods: PodDirectory;
  readonly writer: GroupCommitWriter;

  constructor(db: Database) {
    this.pods = new PodDirectory(db);
    this.writer = new GroupCommitWriter(db);
  }

  async ingest(pod: PodIdentity, readings: readonly unknown[], now = new Date()): Promise<IngestResult> {
    const { rows, rejected } = validateReadings(pod, readings, now);
    const stored = await this.writer.write(rows);
    return { stored, duplicates: rows.length - stored, rejected };
  }
}
