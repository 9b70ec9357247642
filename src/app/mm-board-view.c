/* mm-board-view.c
 *
 * Copyright 2026 The Monomachia authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The board: a GtkDrawingArea with 64 focusable MmSquare widgets laid
 * over the cells.  The squares carry the input and the accessible names;
 * the view decides what the board shows (the game or a position of its
 * own, the marks, the preview of the discs a move would flip, the flips
 * of each move turning over one after the other, the keyboard focus) and
 * hands it to mm-board-painter.c, which paints it with cairo.  The
 * squares, the pointer and the keyboard are mm-board-view-input.c's. */

#define G_LOG_DOMAIN "mm-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mm-board-view-private.h"

G_DEFINE_FINAL_TYPE (MmBoardView, mm_board_view, GTK_TYPE_DRAWING_AREA)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SHOW_LEGAL_MOVES,
  PROP_SHOW_LAST_MOVE,
  PROP_SHOW_COORDINATES,
  PROP_SHOW_FLIP_PREVIEW,
  PROP_ANIMATION_SPEED,
  PROP_BOARD_STYLE,
  PROP_FINISHED,
  N_PROPS
};

enum {
  SQUARE_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The high-contrast theme of the desktop wins over the chosen style. */
static gboolean
mm_board_view_desktop_is_high_contrast (MmBoardView *self)
{
  g_autofree char *theme = NULL;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-theme-name", &theme, NULL);
  return theme != NULL && strstr (theme, "HighContrast") != NULL;
}

/* The discs the move on the hovered square would flip, when a preview
 * is due. */
static guint64
mm_board_view_preview_flips (MmBoardView *self)
{
  if (!self->show_flip_preview || self->input_idle || self->frozen || self->game == NULL
      || self->tick_id != 0
      || self->hover < 0 || !(self->position.legal & _mm_board_view_square_bit (self->hover))
      || (self->hover_is_focus && !_mm_board_view_focus_is_visible (self))
      || !gtk_widget_is_sensitive (GTK_WIDGET (self)))
    return 0;

  return mm_game_get_flips (self->game, self->hover);
}

static const GArray *
mm_board_view_scores (MmBoardView *self)
{
  return mm_board_marks_get_scores (&self->marks, &self->position);
}

/* The analysed move on @square, if the analysis is about the position
 * shown and has scored that square. */
static const MmAiMove *
mm_board_view_scored_move (MmBoardView *self,
                           int          square)
{
  return mm_board_painter_scored_move (mm_board_view_scores (self), &self->position, square);
}

/* What the board shows now. */
static void
mm_board_view_make_scene (MmBoardView  *self,
                          MmBoardScene *scene)
{
  mm_board_painter_init_scene (scene);
  scene->position = self->position;
  scene->style = mm_board_painter_get_style (self->board_style,
                                             mm_board_view_desktop_is_high_contrast (self));
  scene->show_coordinates = self->show_coordinates;
  scene->show_last_move = self->show_last_move;
  scene->show_legal_moves = self->show_legal_moves && !self->input_idle;
  scene->preview_square = self->hover;
  scene->preview_flips = mm_board_view_preview_flips (self);
  scene->hint = self->frozen ? MM_SQUARE_NONE : self->hint;
  scene->focus = _mm_board_view_focus_is_visible (self) ? self->focus_square : MM_SQUARE_NONE;
  mm_board_marks_fill_scene (&self->marks, scene);
  if (self->tick_id != 0)
    mm_flip_animation_fill_scene (&self->animation, scene);
}

static void
mm_board_view_draw (GtkDrawingArea *area,
                    cairo_t        *cr,
                    int             width,
                    int             height,
                    gpointer        user_data)
{
  MmBoardView *self = MM_BOARD_VIEW (area);
  MmBoardGeometry geometry = mm_board_painter_geometry (width, height, self->show_coordinates);
  MmBoardScene scene;

  mm_board_view_make_scene (self, &scene);
  mm_board_painter_draw (cr, &geometry, &scene);
}

static void
mm_board_view_read_game (MmBoardView *self)
{
  MmBoard board;
  MmBoardPosition *position = &self->position;

  if (self->frozen)
    return;

  if (self->game == NULL)
    {
      *position = (MmBoardPosition) { .side = MM_COLOR_BLACK, .last_move = MM_SQUARE_NONE };
      return;
    }

  board = mm_game_get_board (self->game);
  position->side = mm_game_get_side_to_move (self->game);
  position->black = position->side == MM_COLOR_BLACK ? board.player : board.opponent;
  position->white = position->side == MM_COLOR_BLACK ? board.opponent : board.player;
  position->legal = self->finished || mm_game_is_over (self->game)
                    ? 0 : mm_game_get_legal_moves (self->game);
  position->last_move = mm_game_get_last_move (self->game);
}

void
_mm_board_view_square_activated (MmBoardView *self,
                                 int          square)
{
  g_signal_emit (self, signals[SQUARE_ACTIVATED], 0, square);
}

static void
mm_board_view_stop_animation (MmBoardView *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  mm_flip_animation_clear (&self->animation);
}

static void
mm_board_view_refresh (MmBoardView *self)
{
  mm_board_view_read_game (self);
  _mm_board_view_update_squares (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mm_board_view_game_changed_cb (MmBoardView *self)
{
  g_assert (MM_IS_BOARD_VIEW (self));

  /* A jump (undo, a new game) shows the new position at once. */
  mm_board_view_stop_animation (self);
  mm_board_view_refresh (self);
}

static gboolean
mm_board_view_tick_cb (GtkWidget     *widget,
                       GdkFrameClock *frame_clock,
                       gpointer       user_data)
{
  MmBoardView *self = MM_BOARD_VIEW (widget);

  gtk_widget_queue_draw (widget);
  if (mm_flip_animation_advance (&self->animation, gdk_frame_clock_get_frame_time (frame_clock)))
    return G_SOURCE_CONTINUE;

  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

/* The chosen speed, or "off" where nobody would see the flips. */
static const char *
mm_board_view_animation_speed (MmBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled, NULL);
  if (!enabled || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return "off";
  return self->animation_speed;
}

static void
mm_board_view_move_played_cb (MmBoardView *self,
                              MmColor      color,
                              int          square,
                              guint64      flips)
{
  g_assert (MM_IS_BOARD_VIEW (self));

  mm_board_view_stop_animation (self);
  mm_board_view_refresh (self);
  if (self->frozen
      || !mm_flip_animation_begin (&self->animation, square, flips,
                                   mm_board_view_animation_speed (self)))
    return;

  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), mm_board_view_tick_cb,
                                                NULL, NULL);
}

static void
mm_board_view_settings_changed_cb (MmBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mm_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  *minimum = 220;
  *natural = 560;
}

static void
mm_board_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  MmBoardView *self = MM_BOARD_VIEW (widget);
  MmBoardGeometry g = mm_board_painter_geometry (width, height, self->show_coordinates);

  GTK_WIDGET_CLASS (mm_board_view_parent_class)->size_allocate (widget, width, height, baseline);
  _mm_board_view_place_squares (self, &g);
}

/* GtkDrawingArea paints only its cairo surface; the squares on top of it
 * draw nothing of their own unless a theme gives them looks. */
static void
mm_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  GTK_WIDGET_CLASS (mm_board_view_parent_class)->snapshot (widget, snapshot);
  _mm_board_view_snapshot_squares (MM_BOARD_VIEW (widget), snapshot);
}

static void
mm_board_view_root (GtkWidget *widget)
{
  GtkSettings *settings;

  GTK_WIDGET_CLASS (mm_board_view_parent_class)->root (widget);

  settings = gtk_widget_get_settings (widget);
  g_signal_connect_object (settings, "notify::gtk-theme-name",
                           G_CALLBACK (mm_board_view_settings_changed_cb), widget,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::gtk-application-prefer-dark-theme",
                           G_CALLBACK (mm_board_view_settings_changed_cb), widget,
                           G_CONNECT_SWAPPED);
  _mm_board_view_watch_focus_visible (MM_BOARD_VIEW (widget));
}

static void
mm_board_view_unroot (GtkWidget *widget)
{
  _mm_board_view_unwatch_focus_visible (MM_BOARD_VIEW (widget));

  GTK_WIDGET_CLASS (mm_board_view_parent_class)->unroot (widget);
}

static void
mm_board_view_unmap (GtkWidget *widget)
{
  mm_board_view_stop_animation (MM_BOARD_VIEW (widget));

  GTK_WIDGET_CLASS (mm_board_view_parent_class)->unmap (widget);
}

static void
mm_board_view_set_flag (MmBoardView *self,
                        guint        prop_id,
                        gboolean     value)
{
  gboolean changed = FALSE;

  switch (prop_id)
    {
    case PROP_SHOW_LEGAL_MOVES:
      changed = self->show_legal_moves != !!value;
      self->show_legal_moves = !!value;
      break;
    case PROP_SHOW_LAST_MOVE:
      changed = self->show_last_move != !!value;
      self->show_last_move = !!value;
      break;
    case PROP_SHOW_COORDINATES:
      changed = self->show_coordinates != !!value;
      self->show_coordinates = !!value;
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      break;
    case PROP_SHOW_FLIP_PREVIEW:
      changed = self->show_flip_preview != !!value;
      self->show_flip_preview = !!value;
      break;
    default:
      g_assert_not_reached ();
    }

  if (changed)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
mm_board_view_set_string (MmBoardView  *self,
                          char        **field,
                          guint         prop_id,
                          const char   *value)
{
  if (g_strcmp0 (*field, value) != 0)
    {
      g_free (*field);
      *field = g_strdup (value);
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
mm_board_view_dispose (GObject *object)
{
  MmBoardView *self = (MmBoardView *)object;

  mm_board_view_stop_animation (self);
  _mm_board_view_clear_squares (self);
  g_clear_object (&self->game);
  mm_board_marks_clear (&self->marks);

  G_OBJECT_CLASS (mm_board_view_parent_class)->dispose (object);
}

static void
mm_board_view_finalize (GObject *object)
{
  MmBoardView *self = (MmBoardView *)object;

  g_clear_pointer (&self->animation_speed, g_free);
  g_clear_pointer (&self->board_style, g_free);

  G_OBJECT_CLASS (mm_board_view_parent_class)->finalize (object);
}

static void
mm_board_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MmBoardView *self = MM_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_SHOW_LEGAL_MOVES:
      g_value_set_boolean (value, self->show_legal_moves);
      break;

    case PROP_SHOW_LAST_MOVE:
      g_value_set_boolean (value, self->show_last_move);
      break;

    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;

    case PROP_SHOW_FLIP_PREVIEW:
      g_value_set_boolean (value, self->show_flip_preview);
      break;

    case PROP_ANIMATION_SPEED:
      g_value_set_string (value, self->animation_speed);
      break;

    case PROP_BOARD_STYLE:
      g_value_set_string (value, self->board_style);
      break;

    case PROP_FINISHED:
      g_value_set_boolean (value, self->finished);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_board_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MmBoardView *self = MM_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      mm_board_view_set_game (self, g_value_get_object (value));
      break;

    case PROP_SHOW_LEGAL_MOVES:
    case PROP_SHOW_LAST_MOVE:
    case PROP_SHOW_COORDINATES:
    case PROP_SHOW_FLIP_PREVIEW:
      mm_board_view_set_flag (self, prop_id, g_value_get_boolean (value));
      break;

    case PROP_ANIMATION_SPEED:
      mm_board_view_set_string (self, &self->animation_speed, prop_id,
                                g_value_get_string (value));
      break;

    case PROP_BOARD_STYLE:
      mm_board_view_set_string (self, &self->board_style, prop_id, g_value_get_string (value));
      break;

    case PROP_FINISHED:
      mm_board_view_set_finished (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_board_view_class_init (MmBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = mm_board_view_dispose;
  object_class->finalize = mm_board_view_finalize;
  object_class->get_property = mm_board_view_get_property;
  object_class->set_property = mm_board_view_set_property;

  widget_class->measure = mm_board_view_measure;
  widget_class->size_allocate = mm_board_view_size_allocate;
  widget_class->snapshot = mm_board_view_snapshot;
  widget_class->root = mm_board_view_root;
  widget_class->unroot = mm_board_view_unroot;
  widget_class->unmap = mm_board_view_unmap;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, MM_TYPE_GAME, flags);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_LAST_MOVE] =
    g_param_spec_boolean ("show-last-move", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_FLIP_PREVIEW] =
    g_param_spec_boolean ("show-flip-preview", NULL, NULL, TRUE, flags);
  /* "off", "slow", "normal" or "fast" */
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_string ("animation-speed", NULL, NULL, "normal", flags);
  /* "classic", "slate" or "high-contrast" */
  properties[PROP_BOARD_STYLE] =
    g_param_spec_string ("board-style", NULL, NULL, "classic", flags);
  /* Nobody may move any more, though the game has moves left: it was
   * lost on time or resigned. */
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MmBoardView::square-activated:
   * @square: 0 (a1) to 63 (h8)
   *
   * The user chose a square: a click, Enter or Space on it, its name typed,
   * or a screen reader's press.
   */
  signals[SQUARE_ACTIVATED] =
    g_signal_new ("square-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
mm_board_view_init (MmBoardView *self)
{
  self->hint = MM_SQUARE_NONE;
  mm_board_marks_init (&self->marks);
  mm_flip_animation_clear (&self->animation);
  self->show_legal_moves = TRUE;
  self->show_last_move = TRUE;
  self->show_coordinates = TRUE;
  self->show_flip_preview = TRUE;
  self->animation_speed = g_strdup ("normal");
  self->board_style = g_strdup ("classic");
  self->position.last_move = MM_SQUARE_NONE;

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), mm_board_view_draw, NULL, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  /* Translators: the accessible name of the board */
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);

  _mm_board_view_init_input (self);
  _mm_board_view_update_squares (self);
}

GtkWidget *
mm_board_view_new (void)
{
  return g_object_new (MM_TYPE_BOARD_VIEW, NULL);
}

MmGame *
mm_board_view_get_game (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

void
mm_board_view_set_game (MmBoardView *self,
                        MmGame      *game)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || MM_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "move-played",
                               G_CALLBACK (mm_board_view_move_played_cb), self,
                               G_CONNECT_SWAPPED);
      /* After a pass or the end only the marks change: the flips of the
       * move before go on turning. */
      g_signal_connect_object (game, "passed",
                               G_CALLBACK (mm_board_view_refresh), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "game-over",
                               G_CALLBACK (mm_board_view_refresh), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "position-changed",
                               G_CALLBACK (mm_board_view_game_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }

  mm_board_view_game_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* The widget of one square, for focus and for tests that drive the board
 * the way a click does. */
GtkWidget *
mm_board_view_get_square (MmBoardView *self,
                          int          square)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (mm_square_is_valid (square), NULL);

  return self->squares[square];
}

/**
 * mm_board_view_show_position:
 * @last_move: the square to mark, or %MM_SQUARE_NONE
 *
 * Shows a position other than the game's (an earlier one, or one being
 * set up), without legal moves, until mm_board_view_show_game().
 */
void
mm_board_view_show_position (MmBoardView *self,
                             guint64      black,
                             guint64      white,
                             MmColor      side_to_move,
                             int          last_move)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));
  g_return_if_fail ((black & white) == 0);

  mm_board_view_stop_animation (self);
  self->frozen = TRUE;
  self->position = (MmBoardPosition) {
    .black = black,
    .white = white,
    .legal = 0,
    .side = side_to_move,
    .last_move = last_move,
  };
  mm_board_view_refresh (self);
}

/* Back to the game as it stands. */
void
mm_board_view_show_game (MmBoardView *self)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (!self->frozen)
    return;

  self->frozen = FALSE;
  mm_board_view_refresh (self);
}

gboolean
mm_board_view_is_frozen (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);

  return self->frozen;
}

gboolean
mm_board_view_is_animating (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);

  return self->tick_id != 0;
}

/* The square a hint advises, or %MM_SQUARE_NONE. */
int
mm_board_view_get_hint (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), MM_SQUARE_NONE);

  return self->hint;
}

/* While the computer is to move, the moves it could play are not the
 * person's: no legal-move marks and no flip preview.  The squares still
 * say which moves are legal to a screen reader. */
void
mm_board_view_set_input_idle (MmBoardView *self,
                              gboolean     idle)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (self->input_idle == !!idle)
    return;
  self->input_idle = !!idle;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
mm_board_view_get_input_idle (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);

  return self->input_idle;
}

/**
 * mm_board_view_set_finished:
 * @finished: whether the game is over for a reason of its own (lost on
 *   time, resigned), though its position has moves
 *
 * A finished game shows no legal moves and no preview, and its squares
 * say no move is legal, as at the end of a game played out.
 */
void
mm_board_view_set_finished (MmBoardView *self,
                            gboolean     finished)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (self->finished == !!finished)
    return;

  self->finished = !!finished;
  mm_board_view_refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
}

gboolean
mm_board_view_get_finished (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);

  return self->finished;
}

/* Marks @square as the move a hint advises (%MM_SQUARE_NONE for none);
 * the square's widget gets the style class "hint". */
void
mm_board_view_set_hint (MmBoardView *self,
                        int          square)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (self->hint == square)
    return;

  if (self->hint >= 0 && self->hint < MM_N_SQUARES)
    gtk_widget_remove_css_class (self->squares[self->hint], "hint");
  self->hint = square;
  if (square >= 0 && square < MM_N_SQUARES)
    gtk_widget_add_css_class (self->squares[square], "hint");
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The square whose flips the preview follows: the pointer's, or the
 * keyboard focus' (shown only while the focus is to be seen), or
 * %MM_SQUARE_NONE. */
int
mm_board_view_get_hover (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), MM_SQUARE_NONE);

  return self->hover;
}

/* Shows the preview of the move on @square, as the pointer does over it
 * (%MM_SQUARE_NONE for none) until the pointer or the focus moves. */
void
mm_board_view_set_hover (MmBoardView *self,
                         int          square)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  _mm_board_view_move_hover (self, square, FALSE);
}

/**
 * mm_board_view_set_analysis:
 * @black: the black discs of the position analysed
 * @white: its white discs
 * @side: its side to move
 * @moves: (nullable) (element-type MmAiMove): the scored moves, best
 *   first; %NULL for none
 *
 * Shows the score of each move of @moves on its square (analysis mode)
 * while the position on the board is the one analysed; the best move is
 * highlighted, and the squares' accessible descriptions say the scores.
 */
void
mm_board_view_set_analysis (MmBoardView *self,
                            guint64      black,
                            guint64      white,
                            MmColor      side,
                            GArray      *moves)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (!mm_board_marks_set_analysis (&self->marks, black, white, side, moves))
    return;

  _mm_board_view_update_squares (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * mm_board_view_get_score_text:
 *
 * Returns: (transfer full) (nullable): the score shown on @square in
 *   analysis mode, or %NULL when it shows none
 */
char *
mm_board_view_get_score_text (MmBoardView *self,
                              int          square)
{
  const MmAiMove *move;

  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (mm_square_is_valid (square), NULL);

  move = mm_board_view_scored_move (self, square);
  return move != NULL ? mm_ai_format_score (move->score, move->exact) : NULL;
}

/* Whether @square shows the best score of the analysis. */
gboolean
mm_board_view_is_best_score (MmBoardView *self,
                             int          square)
{
  const MmAiMove *move;

  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (mm_square_is_valid (square), FALSE);

  move = mm_board_view_scored_move (self, square);
  return move != NULL && mm_board_painter_is_best (mm_board_view_scores (self), move);
}

/**
 * mm_board_view_set_review_marks:
 * @black: the black discs of the position where the mistake was made
 * @white: its white discs
 * @side: its side to move
 * @mistake: the square played, or %MM_SQUARE_NONE for no marks
 * @better: the better square, or %MM_SQUARE_NONE
 *
 * Marks a mistake found by Analyse Game and the better move, while the
 * position where it was made is shown.
 */
void
mm_board_view_set_review_marks (MmBoardView *self,
                                guint64      black,
                                guint64      white,
                                MmColor      side,
                                int          mistake,
                                int          better)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (!mm_board_marks_set_review (&self->marks, black, white, side, mistake, better))
    return;

  _mm_board_view_update_squares (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The square marked as a mistake (1), as the better move (2), or
 * neither (0), in the position shown. */
int
mm_board_view_get_review_mark (MmBoardView *self,
                               int          square)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail (mm_square_is_valid (square), 0);

  return mm_board_marks_get_review_mark (&self->marks, &self->position, square);
}
