import { type FormEvent, type ReactNode, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { HTML_STYLES } from '../../components/HtmlContent.tsx';

/** Links may use these schemes only (the server's sanitiser drops every other one). */
const LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[0-9 ()/-]+)$/i;

/** The link as it is stored: a bare domain becomes https; answers null for any other scheme. */
export function normaliseLink(input: string): string | null {
  const url = input.trim();
  if (!url) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  return LINK.test(withScheme) ? withScheme : null;
}

/** The Tiptap editor of the allowed marks and nodes; links only with the schemes the server keeps. */
function useHelpEditor(
  value: string,
  onChange: (html: string) => void,
  label: string,
  headings: readonly (2 | 3)[],
) {
  return useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [...headings] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          isAllowedUri: (url) => normaliseLink(url) !== null,
        },
      }),
    ],
    content: value,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
}

/** What the toolbar shows as pressed or possible at the cursor. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      paragraph: e.isActive('paragraph'),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

type ToolbarState = ReturnType<typeof useToolbarState>;

/** An icon button of the toolbar, pressed while its mark or node is active. */
function ToolButton({
  name,
  active,
  run,
  icon,
  disabled = false,
}: {
  name: string;
  active: boolean;
  run: () => void;
  icon: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('help');
  return (
    <Tooltip title={t(`editor.${name}`)}>
      <span>
        <IconButton
          size="small"
          aria-label={t(`editor.${name}`)}
          aria-pressed={active}
          disabled={disabled}
          onClick={run}
          color={active ? 'primary' : 'default'}
          sx={active ? { bgcolor: 'action.selected' } : undefined}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A text button of the toolbar (H2, H3, ¶), pressed while its block is active. */
function TextButton({
  name,
  active,
  run,
  short,
}: {
  name: string;
  active: boolean;
  run: () => void;
  short: string;
}) {
  const { t } = useTranslation('help');
  return (
    <Button
      size="small"
      aria-label={t(`editor.${name}`)}
      aria-pressed={active}
      onClick={run}
      variant={active ? 'contained' : 'text'}
      disableElevation
      sx={{ minWidth: 36, px: 1, fontWeight: 700 }}
    >
      {short}
    </Button>
  );
}

const TOOLBAR_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 0.5,
  p: 0.75,
  borderBottom: 1,
  borderColor: 'divider',
  position: 'sticky',
  top: 0,
  bgcolor: 'background.paper',
  zIndex: 1,
  borderTopLeftRadius: 8,
  borderTopRightRadius: 8,
} as const;

type Chain = () => ReturnType<Editor['chain']>;

/** Heading 2 and 3 (those offered) and paragraph. */
function BlockTools({
  chain,
  state,
  headings,
}: {
  chain: Chain;
  state: ToolbarState;
  headings: readonly (2 | 3)[];
}) {
  return (
    <>
      {headings.includes(2) && (
        <TextButton
          name="heading2"
          active={state.h2}
          run={() => chain().toggleHeading({ level: 2 }).run()}
          short="H2"
        />
      )}
      {headings.includes(3) && (
        <TextButton
          name="heading3"
          active={state.h3}
          run={() => chain().toggleHeading({ level: 3 }).run()}
          short="H3"
        />
      )}
      <TextButton
        name="paragraph"
        active={state.paragraph}
        run={() => chain().setParagraph().run()}
        short="¶"
      />
    </>
  );
}

/** Undo and redo, each only while there is something to undo or redo. */
function HistoryTools({ chain, state }: { chain: Chain; state: ToolbarState }) {
  return (
    <>
      <ToolButton
        name="undo"
        active={false}
        run={() => chain().undo().run()}
        icon={<Undo fontSize="small" />}
        disabled={!state.canUndo}
      />
      <ToolButton
        name="redo"
        active={false}
        run={() => chain().redo().run()}
        icon={<Redo fontSize="small" />}
        disabled={!state.canRedo}
      />
    </>
  );
}

/** Headings and paragraph, bold and italic, lists, link and unlink, undo and redo. */
function EditorToolbar({
  editor,
  state,
  headings,
  onLink,
}: {
  editor: Editor;
  state: ToolbarState;
  headings: readonly (2 | 3)[];
  onLink: () => void;
}) {
  const { t } = useTranslation('help');
  const chain = () => editor.chain().focus();
  return (
    <Box role="toolbar" aria-label={t('editor.toolbar')} sx={TOOLBAR_SX}>
      <BlockTools chain={chain} state={state} headings={headings} />
      <Divider orientation="vertical" flexItem />
      <ToolButton
        name="bold"
        active={state.bold}
        run={() => chain().toggleBold().run()}
        icon={<FormatBold fontSize="small" />}
      />
      <ToolButton
        name="italic"
        active={state.italic}
        run={() => chain().toggleItalic().run()}
        icon={<FormatItalic fontSize="small" />}
      />
      <ToolButton
        name="bulletList"
        active={state.bullet}
        run={() => chain().toggleBulletList().run()}
        icon={<FormatListBulleted fontSize="small" />}
      />
      <ToolButton
        name="orderedList"
        active={state.ordered}
        run={() => chain().toggleOrderedList().run()}
        icon={<FormatListNumbered fontSize="small" />}
      />
      <Divider orientation="vertical" flexItem />
      <ToolButton name="link" active={state.link} run={onLink} icon={<LinkIcon fontSize="small" />} />
      <ToolButton
        name="unlink"
        active={false}
        run={() => chain().extendMarkRange('link').unsetLink().run()}
        icon={<LinkOff fontSize="small" />}
        disabled={!state.link}
      />
      <Divider orientation="vertical" flexItem />
      <HistoryTools chain={chain} state={state} />
    </Box>
  );
}

/**
 * The rich-text editor of the help texts (Tiptap): headings, paragraphs, bold and italic, lists and
 * links with http, https, mailto and tel. Loaded only on the editor screens, never with the app.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  minHeight = 320,
  headings = [2, 3],
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  minHeight?: number;
  /** The heading levels offered; a tutorial step's text has its title outside and offers only H3. */
  headings?: readonly (2 | 3)[];
}) {
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useHelpEditor(value, onChange, label, headings);
  const state = useToolbarState(editor);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <EditorToolbar editor={editor} state={state} headings={headings} onLink={() => setLinkOpen(true)} />
      <Box
        sx={{
          ...HTML_STYLES,
          px: 2,
          py: 1.5,
          '& .ProseMirror': { minHeight, outline: 'none' },
          '& .ProseMirror > :first-of-type': { mt: 0 },
        }}
      >
        <EditorContent editor={editor} data-testid="rich-text-editor" />
      </Box>
      {linkOpen && (
        <LinkDialog
          initial={state.href}
          onClose={() => setLinkOpen(false)}
          onSave={(href) => {
            setLinkOpen(false);
            editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </Box>
  );
}

function LinkDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: string;
  onClose: () => void;
  onSave: (href: string) => void;
}) {
  const { t } = useTranslation(['help', 'common']);
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // React events cross portals: the surrounding form (a FormDialog) must not submit too.
    e.stopPropagation();
    const href = normaliseLink(value);
    if (href === null) setInvalid(true);
    else onSave(href);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle>{t('editor.linkTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            fullWidth
            label={t('editor.linkUrl')}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? t('editor.linkInvalid') : t('editor.linkHint')}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('editor.linkApply')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
