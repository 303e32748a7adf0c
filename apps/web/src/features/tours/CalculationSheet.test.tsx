import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../test/render.tsx';
import { CalculationSheet, type TraceStep } from './CalculationSheet.tsx';

const step: TraceStep = {
  step: 'activity',
  label: 'Transportleistung',
  formula: 'tkm = m x d',
  inputs: { massT: 1.2, distanceKm: 33.3333 },
  output: { tkm: 40 },
  names: { massT: 'Masse (t)', distanceKm: 'Transportentfernung (km)', tkm: 'Transportleistung (tkm)' },
};

describe('calculation sheet', () => {
  it('shows the names the API sends instead of variable keys', async () => {
    await renderScreen(() => <CalculationSheet trace={[step]} sheet="" lang="de" title="Rechenweg" />);
    expect(screen.getByText('Masse (t)')).toBeInTheDocument();
    expect(screen.getByText('Transportentfernung (km)')).toBeInTheDocument();
    expect(screen.queryByText('massT')).toBeNull();
  });
});
