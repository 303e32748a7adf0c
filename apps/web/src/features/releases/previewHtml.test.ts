import { describe, expect, it } from 'vitest';
import { previewHtml } from './previewHtml.ts';

describe('release note preview HTML (issue 37)', () => {
  it('keeps headings, lists, emphasis and safe links', () => {
    expect(
      previewHtml(
        '<h3>Neu</h3><ul><li><strong>PDF</strong> mit Logo</li></ul><a href="https://klimadesk.example">mehr</a>',
      ),
    ).toBe(
      '<h3>Neu</h3><ul><li><strong>PDF</strong> mit Logo</li></ul><a href="https://klimadesk.example" target="_blank" rel="noopener noreferrer">mehr</a>',
    );
  });

  it('drops scripts, event handlers, styles and unsafe links', () => {
    expect(
      previewHtml(
        '<p onclick="alert(1)" style="color:red">Text<script>alert(2)</script></p><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
      ),
    ).toBe('<p>Text</p><a>x</a>');
  });
});
