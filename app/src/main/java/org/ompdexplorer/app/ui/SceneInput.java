package org.ompdexplorer.app.ui;

import java.io.File;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.TransferMode;

/**
 * The explorer window scene's own input, beside the menu's accelerators: files dropped on the window are opened,
 * the mouse's back and forward buttons and Alt+Left/Right walk the selection history, and the zoom keys the menu
 * does not name zoom.
 */
final class SceneInput {
    private SceneInput() {
    }

    /** Puts the window's drag and drop, history keys and buttons, and other zoom keys on {@code scene}. */
    static void install(Scene scene, MainViewModel vm) {
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            boolean opened = false;
            if (e.getDragboard().hasFiles() && !e.getDragboard().getFiles().isEmpty()) {
                File file = e.getDragboard().getFiles().getFirst();
                if (file.isDirectory()) { // a folder of rank snapshots: a job
                    vm.openJob(file.toPath());
                } else {
                    vm.open(file.toPath());
                }
                opened = true;
            }
            e.setDropCompleted(opened);
            e.consume();
        });
        scene.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == MouseButton.BACK) {
                vm.back();
                e.consume();
            } else if (e.getButton() == MouseButton.FORWARD) {
                vm.forward();
                e.consume();
            }
        });
        // the other zoom keys: Ctrl+= with or without Shift (where "+" is Shift+=, Ctrl and "+" arrive as Ctrl+Shift+=)
        // and the keypad's plus and minus
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN,
                KeyCombination.SHIFT_ANY), vm::zoomIn);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.ADD, KeyCombination.SHORTCUT_DOWN), vm::zoomIn);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.SUBTRACT, KeyCombination.SHORTCUT_DOWN),
                vm::zoomOut);
        // Alt+Left/Right also while the tree has focus, which would otherwise take the arrow keys
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.isAltDown() && e.getCode() == KeyCode.LEFT) {
                vm.back();
                e.consume();
            } else if (e.isAltDown() && e.getCode() == KeyCode.RIGHT) {
                vm.forward();
                e.consume();
            }
        });
    }
}
