/** What the PDF takes from the client's configuration: its primary colour and logo (when it has one). */
export interface ReportLook {
  clientTitle: string;
  /** #rrggbb; anything else falls back to Greenpod's own green. */
  primaryColour: string;
  /** PNG or JPEG bytes, or null: the client's title is written instead. */
  logo: Buffer | null;
}
