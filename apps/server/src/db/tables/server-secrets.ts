/** A key the server generated for itself, shared by every API process over this database. */
export interface ServerSecretTable {
  /** What the key is for, e.g. `fileLink`. */
  name: string;
  /** Random bytes, base64url; never answered or logged. */
  value: string;
  createdAt: string;
}

export interface ServerSecretTables {
  serverSecret: ServerSecretTable;
}
