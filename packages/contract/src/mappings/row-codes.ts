import type { Language } from '../constants.ts';
import type { ImportRowCode } from './schemas.ts';

type Text = { message: string; hint: string };

/**
 * Why an import row was refused and how to fix it, per code and language: the screens (validation
 * report, row issues) and the downloaded issues workbook use these same texts.
 */
export const ROW_CODE_TEXTS: Record<ImportRowCode, Record<Language, Text>> = {
  fileReadError: {
    de: {
      message: 'Die Datei konnte nicht gelesen werden.',
      hint: 'Speichern Sie die Datei erneut als .xlsx oder .csv (UTF-8) und laden Sie sie noch einmal hoch.',
    },
    en: {
      message: 'The file could not be read.',
      hint: 'Save the file again as .xlsx or .csv (UTF-8) and upload it once more.',
    },
  },
  glecTransportTypeMissing: {
    de: {
      message: 'Der GLEC-Transporttyp fehlt.',
      hint: 'Tragen Sie einen GLEC-Transporttyp ein oder hinterlegen Sie ihn am Fahrzeug im Fuhrpark.',
    },
    en: {
      message: 'The GLEC transport type is missing.',
      hint: 'Enter a GLEC transport type or set one on the vehicle in the fleet.',
    },
  },
  invalidGlecTransportType: {
    de: {
      message: 'Der GLEC-Transporttyp ist unbekannt.',
      hint: 'Verwenden Sie eine Kennung aus der Liste der GLEC-Transporttypen (Feldhilfe der Vorlage).',
    },
    en: {
      message: 'The GLEC transport type is not known.',
      hint: 'Use an id from the list of GLEC transport types (field guide of the template).',
    },
  },
  shipmentReferenceMissing: {
    de: {
      message: 'Die Sendungsreferenz fehlt.',
      hint: 'Jede Zeile einer Sendungsdatei braucht eine Sendungsnummer.',
    },
    en: {
      message: 'The shipment reference is missing.',
      hint: 'Every row of a shipment file needs a shipment reference.',
    },
  },
  titleNotFound: {
    de: {
      message: 'Die Spaltenüberschrift wurde in der Datei nicht gefunden.',
      hint: 'Prüfen Sie die erste Zeile der Datei oder passen Sie die Zuordnung an.',
    },
    en: {
      message: 'A column title of the mapping is not in the first row of the file.',
      hint: 'Check the first row of the file or adjust the mapping.',
    },
  },
  tourReferenceMissing: {
    de: { message: 'Die Tourreferenz fehlt.', hint: 'Tragen Sie in jeder Zeile eine Tournummer ein.' },
    en: { message: 'The tour reference is missing.', hint: 'Enter a tour reference in every row.' },
  },
  vehicleLicensePlateMissing: {
    de: {
      message: 'Das Kennzeichen fehlt.',
      hint: 'Tragen Sie das Kennzeichen oder einen GLEC-Transporttyp ein.',
    },
    en: {
      message: 'The licence plate is missing.',
      hint: 'Enter the licence plate or a GLEC transport type.',
    },
  },
  vehicleReferenceMissing: {
    de: {
      message: 'Die Fahrzeugreferenz fehlt.',
      hint: 'Tragen Sie die Fahrzeugreferenz oder einen GLEC-Transporttyp ein.',
    },
    en: {
      message: 'The vehicle reference is missing.',
      hint: 'Enter the vehicle reference or a GLEC transport type.',
    },
  },
  weightMissing: {
    de: { message: 'Das Gewicht fehlt.', hint: 'Tragen Sie das Gewicht in der Einheit der Zuordnung ein.' },
    en: { message: 'The weight is missing.', hint: 'Enter the weight in the unit of the mapping.' },
  },
  invalidWeight: {
    de: { message: 'Das Gewicht ist keine positive Zahl.', hint: 'Geben Sie ein Gewicht größer als 0 ein.' },
    en: { message: 'The weight is not a positive number.', hint: 'Enter a weight greater than 0.' },
  },
  invalidDate: {
    de: {
      message: 'Das Datum passt nicht zum Datumsformat der Zuordnung.',
      hint: 'Verwenden Sie das Datumsformat der Zuordnung oder eine Datumszelle.',
    },
    en: {
      message: 'The date cannot be read with the date format of the mapping.',
      hint: 'Use the mapping’s date format or a date cell.',
    },
  },
  invalidNumber: {
    de: {
      message: 'Eine Zahl kann nicht gelesen werden.',
      hint: 'Prüfen Sie das Dezimaltrennzeichen der Zuordnung und entfernen Sie Einheiten aus der Zelle.',
    },
    en: {
      message: 'A number cannot be read.',
      hint: 'Check the mapping’s decimal separator and remove units from the cell.',
    },
  },
  vehicleNotFound: {
    de: {
      message: 'Kein aktives Fahrzeug hat dieses Kennzeichen oder diese Referenz.',
      hint: 'Legen Sie das Fahrzeug im Fuhrpark an oder geben Sie einen GLEC-Transporttyp an.',
    },
    en: {
      message: 'No active vehicle has this licence plate or reference.',
      hint: 'Add the vehicle to the fleet or give a GLEC transport type.',
    },
  },
  distanceMissing: {
    de: {
      message: 'Die Distanz fehlt und kann aus Abfahrt und Ankunft nicht ermittelt werden.',
      hint: 'Tragen Sie die gefahrenen Kilometer ein oder geben Sie Ort, PLZ und Land von Abfahrt und Ankunft an.',
    },
    en: {
      message: 'The distance is missing and cannot be computed from departure and arrival.',
      hint: 'Enter the distance driven or give city, postcode and country of departure and arrival.',
    },
  },
  locationNotFound: {
    de: {
      message: 'Abfahrt oder Ankunft wurde nicht gefunden.',
      hint: 'Prüfen Sie Ort, PLZ und Ländercode (ISO, z. B. DE) oder tragen Sie die Distanz ein.',
    },
    en: {
      message: 'Departure or arrival could not be found.',
      hint: 'Check city, postcode and country code (ISO, e.g. DE) or enter the distance.',
    },
  },
  calculationFailed: {
    de: {
      message: 'Die Emissionen konnten nicht berechnet werden.',
      hint: 'Prüfen Sie Transporttyp, Gewicht, Distanz und Kraftstoffangaben der Tour.',
    },
    en: {
      message: 'The emissions could not be calculated.',
      hint: 'Check the tour’s transport type, weight, distance and fuel figures.',
    },
  },
  trialShipmentLimit: {
    de: {
      message: 'Die Testversion wertet höchstens 30 Sendungen je Upload aus.',
      hint: 'Teilen Sie die Datei auf oder buchen Sie die Vollversion.',
    },
    en: {
      message: 'The trial edition evaluates at most 30 shipments per upload.',
      hint: 'Split the file or book the full edition.',
    },
  },
  implausibleIntensity: {
    de: {
      message: 'Die Emissionsintensität ist für diesen Transporttyp unplausibel hoch.',
      hint: 'Prüfen Sie die Einheiten von Gewicht (t/kg) und Distanz (km/m) in der Zuordnung; stimmen die Zahlen, laden Sie die Datei mit „Unplausible Werte bestätigen“ erneut hoch.',
    },
    en: {
      message: 'The emission intensity is implausibly high for this transport type.',
      hint: 'Check the units of weight (t/kg) and distance (km/m) in the mapping; if the figures are right, upload the file again with “Confirm implausible figures”.',
    },
  },
  implausibleLoad: {
    de: {
      message: 'Die Ladung ist für diese Fahrzeugklasse unplausibel klein.',
      hint: 'Steht das Gewicht in Tonnen? Wählen Sie in der Zuordnung die Einheit t; stimmen die Zahlen, laden Sie die Datei mit „Unplausible Werte bestätigen“ erneut hoch.',
    },
    en: {
      message: 'The load is implausibly small for this vehicle class.',
      hint: 'Is the weight in tonnes? Choose the unit t in the mapping; if the figures are right, upload the file again with “Confirm implausible figures”.',
    },
  },
};

/** The figures a stored message quotes after its text, e.g. "(1,234 g/tkm > 1,000 g/tkm)". */
export function rowCodeDetail(message: string): string | null {
  const m = /\(([^()]*)\)\s*$/.exec(message);
  return m ? m[1] : null;
}

/** The texts of a code in a language; an unknown code (newer server) keeps its stored message. */
export function rowCodeTexts(
  code: string,
  message: string,
  lang: Language,
): Text & { detail: string | null } {
  const known = (ROW_CODE_TEXTS as Record<string, Record<Language, Text>>)[code]?.[lang];
  return { message: known?.message ?? message, hint: known?.hint ?? '', detail: rowCodeDetail(message) };
}
