import type { ReportAnswer } from '@greenpod/contracts';

/** What the PDF takes from the client's configuration: its primary colour and logo (when it has one). */
export interface ReportLook {
  clientTitle: string;
  /** #rrggbb */
  primaryColour: string;
  /** PNG or JPEG bytes, or null: the client's title is written instead. */
  logo: Buffer | null;
}

/** The report as an A4 PDF made on the server (docs/domain.md#reports). */
export async function renderReportPdf(_report: ReportAnswer, _look: ReportLook): Promise<Buffer> {
  throw new Error('renderReportPdf: not built yet');
}
