"""The grammar MiniGPT: the model (`model.py`) and its training, data and checkpoints
(`training.py`). The names labs use are re-exported here: `minigpt.trained_minigpt(...)`."""

from labs.common.minigpt.model import GPTConfig, MiniGPT, param_count
from labs.common.minigpt.training import (
                                          CLIP_NORM,
                                          PRESETS,
                                          TARGET_VAL_EXACT_MATCH,
                                          TrainInfo,
                                          TrainSettings,
                                          checkpoint_key,
                                          config_for,
                                          encoded_splits,
                                          exact_match,
                                          get_batch,
                                          greedy_complete,
                                          make_optimizer,
                                          mean_loss,
                                          train,
                                          trained_minigpt,
)

__all__ = ["CLIP_NORM", "PRESETS", "TARGET_VAL_EXACT_MATCH", "GPTConfig", "MiniGPT", "TrainInfo",
           "TrainSettings", "checkpoint_key", "config_for", "encoded_splits", "exact_match",
           "get_batch", "greedy_complete", "make_optimizer", "mean_loss", "param_count", "train",
           "trained_minigpt"]
