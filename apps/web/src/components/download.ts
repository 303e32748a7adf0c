import { notifyError } from './errors.ts';
import { downloadFile, type FileAnswer } from './files.ts';

/** Saves the file an API call answers with; a refusal goes to the snackbar. */
export async function downloadOrNotify(file: Promise<FileAnswer>): Promise<void> {
  try {
    downloadFile(await file);
  } catch (err) {
    notifyError(err);
  }
}
