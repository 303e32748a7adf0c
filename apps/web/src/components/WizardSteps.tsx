import type { SxProps, Theme } from '@mui/material/styles';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

/** The steps of a wizard in a row, labels under their numbers, the current one marked. */
export function WizardSteps({
  active,
  labels,
  label,
  sx,
}: {
  active: number;
  labels: readonly string[];
  /** The accessible name of the step list. */
  label?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Stepper activeStep={active} alternativeLabel sx={sx} aria-label={label}>
      {labels.map((l) => (
        <Step key={l}>
          <StepLabel>{l}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
